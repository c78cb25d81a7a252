import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingLedger, creditAccounts, meteringDays, users } from '../../../db/schema/index';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface PrepaidAccount {
  userId: string;
  email: string;
  role: string;
  /** The latest day already metered (YYYY-MM-DD), if any. */
  lastDay: string | null;
  /** When the account first bought credits, if it did. */
  firstPurchaseAt: Date | null;
}

export interface MeteredDay {
  userId: string;
  day: string;
  storageBytes: number;
  transferBytes: number;
  costMicros: number;
}

/** SQL of `metering_days` (the cursor of the daily metering) and the prepaid accounts to meter. */
export class MeteringRepository {
  constructor(private readonly db: Db) {}

  /** A page of prepaid accounts after `afterId`, with where their metering stands. */
  async prepaidAccounts(afterId: string | null, limit: number): Promise<PrepaidAccount[]> {
    const after = afterId ?? '00000000-0000-0000-0000-000000000000';
    const result = await this.db.execute(sql`
      select u.id, u.email, u.role,
             (select max(day) from ${meteringDays} where user_id = u.id) as last_day,
             (select min(created_at) from ${billingLedger}
              where user_id = u.id and kind = 'credit_purchase') as first_purchase
      from ${users} u
      where u.subscription_plan = 'prepaid' and u.id > ${after}::uuid
      order by u.id
      limit ${limit}
    `);
    return rowsOf<{
      id: string;
      email: string;
      role: string;
      last_day: string | null;
      first_purchase: Date | string | null;
    }>(result).map((r) => ({
      userId: r.id,
      email: r.email,
      role: r.role,
      lastDay: r.last_day,
      firstPurchaseAt: r.first_purchase === null ? null : new Date(r.first_purchase),
    }));
  }

  /**
   * Inside the caller's transaction: locks the user's credit balance and claims the day. Returns
   * what the balance has free (not held for AI calls in flight, never below 0; 0 without an
   * account), or null when the day was already metered.
   */
  async claimDay(tx: Db, d: MeteredDay): Promise<number | null> {
    const locked = await tx.execute(sql`
      select greatest(balance_micros - held_micros, 0) as free from ${creditAccounts}
      where user_id = ${d.userId} for update
    `);
    const balance = Number(rowsOf<{ free: number | string }>(locked)[0]?.free ?? 0);
    const claimed = await tx
      .insert(meteringDays)
      .values({ ...d, chargedMicros: 0 })
      .onConflictDoNothing()
      .returning({ day: meteringDays.day });
    return claimed.length === 1 ? balance : null;
  }

  async setCharged(tx: Db, userId: string, day: string, chargedMicros: number): Promise<void> {
    await tx.execute(sql`
      update ${meteringDays} set charged_micros = ${chargedMicros} where user_id = ${userId} and day = ${day}
    `);
  }
}
