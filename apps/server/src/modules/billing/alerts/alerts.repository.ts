import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  alertChecks,
  alerts,
  creditAccounts,
  plans,
  storageAccounts,
  transfers,
  users,
} from '../../../db/schema/index';
import type { AlertDraft } from './alert-engine';

export type AlertRow = typeof alerts.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface UserFigures {
  role: string;
  email: string;
  planId: string;
  quotaBytes: number | null;
  usedBytes: number;
  balanceMicros: number;
  /** Bytes sent since the `since` passed in. */
  transferBytes: number;
}

/** SQL of `alerts` and `alert_checks`, and the figures alerts are decided from. */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  /** Plan, quota, stored bytes, credit balance and recent transfers of a user, in one statement. */
  async figures(userId: string, since: Date): Promise<UserFigures | undefined> {
    const result = await this.db.execute(sql`
      select u.role, u.email, u.subscription_plan, p.storage_bytes,
             (select used_bytes from ${storageAccounts} where user_id = u.id) as used,
             (select balance_micros from ${creditAccounts} where user_id = u.id) as balance,
             (select coalesce(sum(bytes), 0) from ${transfers}
              where user_id = u.id and created_at >= ${since.toISOString()}::timestamptz) as sent
      from ${users} u left join ${plans} p on p.id = u.subscription_plan
      where u.id = ${userId}
    `);
    const r = rowsOf<{
      role: string;
      email: string;
      subscription_plan: string;
      storage_bytes: number | string | null;
      used: number | string | null;
      balance: number | string | null;
      sent: number | string;
    }>(result)[0];
    if (!r) return undefined;
    return {
      role: r.role,
      email: r.email,
      planId: r.subscription_plan,
      quotaBytes: r.storage_bytes === null ? null : Number(r.storage_bytes),
      usedBytes: Number(r.used ?? 0),
      balanceMicros: Number(r.balance ?? 0),
      transferBytes: Number(r.sent),
    };
  }

  /**
   * Records that the user's alerts are being checked now, locking their alert_checks row for the
   * caller's transaction: two checks of one user (the job and a charge) take turns.
   */
  async lockCheck(tx: Db, userId: string, at: Date): Promise<void> {
    await tx
      .insert(alertChecks)
      .values({ userId, checkedAt: at })
      .onConflictDoUpdate({ target: alertChecks.userId, set: { checkedAt: at } });
  }

  async checkedAt(userId: string): Promise<Date | null> {
    const rows = await this.db
      .select({ at: alertChecks.checkedAt })
      .from(alertChecks)
      .where(eq(alertChecks.userId, userId));
    return rows[0] ? new Date(rows[0].at) : null;
  }

  activeRows(tx: Db, userId: string): Promise<AlertRow[]> {
    return tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, userId), isNull(alerts.resolvedAt)));
  }

  async insert(tx: Db, userId: string, d: AlertDraft, at: Date): Promise<AlertRow> {
    const rows = await tx
      .insert(alerts)
      .values({ userId, ...d, createdAt: at, updatedAt: at })
      .returning();
    return rows[0] as AlertRow;
  }

  /** New content for an active alert; an escalation to critical shows again even if dismissed. */
  async update(tx: Db, id: string, d: AlertDraft, at: Date, clearDismissal: boolean): Promise<void> {
    await tx
      .update(alerts)
      .set({
        severity: d.severity,
        title: d.title,
        message: d.message,
        details: d.details,
        actions: d.actions,
        dismissible: d.dismissible,
        updatedAt: at,
        ...(clearDismissal ? { dismissedUntil: null } : {}),
      })
      .where(eq(alerts.id, id));
  }

  async resolve(tx: Db, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx.update(alerts).set({ resolvedAt: at, updatedAt: at }).where(inArray(alerts.id, ids));
  }

  /** Deletes the user's resolved alerts beyond the latest `keep`. */
  async prune(tx: Db, userId: string, keep: number): Promise<void> {
    await tx.execute(sql`
      delete from ${alerts}
      where user_id = ${userId} and resolved_at is not null
        and id not in (
          select id from ${alerts} where user_id = ${userId}
          order by created_at desc, id desc limit ${keep}
        )
    `);
  }

  /** Active alerts not dismissed at `now`. */
  visible(userId: string, now: Date): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, userId),
          isNull(alerts.resolvedAt),
          sql`(${alerts.dismissedUntil} is null or ${alerts.dismissedUntil} <= ${now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(desc(alerts.createdAt), desc(alerts.id));
  }

  history(userId: string, limit: number): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(limit);
  }

  async dismiss(userId: string, id: string, until: Date): Promise<AlertRow | undefined> {
    const rows = await this.db
      .update(alerts)
      .set({ dismissedUntil: until })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId), eq(alerts.dismissible, true)))
      .returning();
    return rows[0];
  }

  async exists(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
    return rows.length > 0;
  }

  /**
   * Users whose alerts may need a change, after `afterId` (keyset pages): prepaid accounts, those
   * storing at least `storageShare` of a limited quota, and those with an active alert to resolve.
   */
  async candidates(afterId: string | null, limit: number, storageShare: number): Promise<string[]> {
    const after = afterId ?? '00000000-0000-0000-0000-000000000000';
    const result = await this.db.execute(sql`
      select id from (
        select u.id from ${users} u where u.subscription_plan = 'prepaid'
        union
        select a.user_id from ${storageAccounts} a
          join ${users} u on u.id = a.user_id join ${plans} p on p.id = u.subscription_plan
          where p.storage_bytes is not null and a.used_bytes >= p.storage_bytes * ${storageShare}::numeric
        union
        select user_id from ${alerts} where resolved_at is null
      ) c
      where id > ${after}::uuid
      order by id
      limit ${limit}
    `);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }
}
