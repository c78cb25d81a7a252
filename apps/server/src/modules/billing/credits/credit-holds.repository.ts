import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { creditHolds } from '../../../db/schema/index';
import { isUniqueViolation } from '../../../lib/pg-error';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export type HoldRow = typeof creditHolds.$inferSelect;

export interface NewHold {
  id: string;
  userId: string;
  instanceId: string;
  micros: number;
  settleKey: string;
  description: string;
  metadata: Record<string, unknown>;
}

export type HoldResult =
  | { status: 'held' }
  /** What the balance had free (balance - held), which did not cover the hold. */
  | { status: 'insufficient'; availableMicros: number };

export type SettleResult =
  /** `ledgerId` null when the call cost nothing (nothing to record). */
  | { status: 'settled'; heldMicros: number | null; ledgerId: number | null; balanceAfterMicros: number }
  /** The settlement's key was already in the ledger: charged before (a retry, or the sweep). */
  | { status: 'replayed' };

/**
 * SQL of `credit_holds` and the held part of `credit_accounts`: each change is ONE statement that
 * moves the account row and the hold together, so `held_micros` always equals the sum of the
 * account's holds and the balance the sum of its ledger rows.
 */
export class CreditHoldsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Holds `micros` of what the balance has free. PostgreSQL re-checks `balance - held >= micros`
   * on the locked account row, so concurrent holds can never together take more than is free.
   */
  async hold(h: NewHold): Promise<HoldResult> {
    const result = await this.db.execute(sql`
      with moved as (
        update credit_accounts set held_micros = held_micros + ${h.micros}, updated_at = now()
        where user_id = ${h.userId} and balance_micros - held_micros >= ${h.micros}
        returning user_id
      ),
      ins as (
        insert into credit_holds (id, user_id, instance_id, micros, settle_key, description, metadata)
        select ${h.id}::uuid, user_id, ${h.instanceId}::uuid, ${h.micros}, ${h.settleKey}, ${h.description},
               ${JSON.stringify(h.metadata)}::jsonb
        from moved
        returning id
      )
      select count(*) as held from ins
    `);
    if (Number(rowsOf<{ held: number | string }>(result)[0]?.held) === 1) return { status: 'held' };
    // Read what is free in a statement of its own: a subquery of the hold's statement would see
    // that statement's snapshot, from before the concurrent holds that made this one fail.
    const free = await this.db.execute(
      sql`select balance_micros - held_micros as available from credit_accounts where user_id = ${h.userId}`,
    );
    const available = num(rowsOf<{ available: number | string | null }>(free)[0]?.available);
    return { status: 'insufficient', availableMicros: Math.max(available ?? 0, 0) };
  }

  /**
   * Turns a hold into the real charge: the hold goes, the balance drops by `micros` (a
   * `credit_deduction` row under `settleKey`, with what was held in its metadata). The balance may
   * go below zero when the call cost more than was held: that debt is the balance the account
   * shows, and the next purchase pays it. A hold already gone (given back by a sweep) is charged
   * all the same, once: the key makes a second settlement a replay.
   */
  async settle(
    holdId: string,
    s: {
      userId: string;
      micros: number;
      settleKey: string;
      description: string;
      metadata: Record<string, unknown>;
    },
  ): Promise<SettleResult> {
    try {
      const result = await this.db.execute(sql`
        with h as (delete from credit_holds where id = ${holdId}::uuid returning micros),
        moved as (
          update credit_accounts
          set held_micros = held_micros - coalesce((select micros from h), 0),
              balance_micros = balance_micros - ${s.micros},
              total_used_micros = total_used_micros + ${s.micros},
              updated_at = now()
          where user_id = ${s.userId}
          returning balance_micros
        ),
        ins as (
          insert into billing_ledger
            (user_id, kind, credits_micros, balance_after_micros, idempotency_key, description, metadata)
          select ${s.userId}, 'credit_deduction', ${-s.micros}, moved.balance_micros, ${s.settleKey}, ${s.description},
                 ${JSON.stringify(s.metadata)}::jsonb || jsonb_build_object('heldCredits', (select micros from h) / 1e6)
          from moved where ${s.micros} > 0
          returning id
        )
        select (select micros from h) as held, (select id from ins) as ledger_id,
               (select balance_micros from moved) as balance_after
      `);
      const r = rowsOf<{
        held: number | string | null;
        ledger_id: number | string | null;
        balance_after: number | string | null;
      }>(result)[0];
      return {
        status: 'settled',
        heldMicros: num(r?.held),
        ledgerId: num(r?.ledger_id),
        balanceAfterMicros: num(r?.balance_after) ?? 0,
      };
    } catch (err) {
      if (isUniqueViolation(err)) return { status: 'replayed' };
      throw err;
    }
  }

  /** Gives a hold back in full (the call failed or was never made); false when it was already gone. */
  async release(holdId: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      with h as (delete from credit_holds where id = ${holdId}::uuid returning user_id, micros)
      update credit_accounts c set held_micros = c.held_micros - h.micros, updated_at = now()
      from h where c.user_id = h.user_id
      returning c.user_id
    `);
    return rowsOf(result).length === 1;
  }

  /** Holds taken by processes that died. */
  async ofInstances(instanceIds: string[]): Promise<HoldRow[]> {
    if (instanceIds.length === 0) return [];
    return this.db.select().from(creditHolds).where(inArray(creditHolds.instanceId, instanceIds));
  }

  /** A user's holds, newest first (calls in flight). */
  async ofUser(userId: string, limit: number): Promise<HoldRow[]> {
    return this.db
      .select()
      .from(creditHolds)
      .where(and(eq(creditHolds.userId, userId)))
      .orderBy(desc(creditHolds.createdAt))
      .limit(limit);
  }
}
