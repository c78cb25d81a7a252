import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { creditAccounts, plans, subscriptions, users } from '../../../db/schema/index';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export interface CreditHolder {
  userId: string;
  email: string;
  role: 'user' | 'admin' | 'superadmin';
  planId: string;
  /** Null when the user never had credits. */
  balanceMicros: number | null;
  /** Held for AI calls in flight. */
  heldMicros: number;
  totalPurchasedMicros: number;
  totalUsedMicros: number;
  updatedAt: Date | null;
}

export interface PlanView {
  role: 'user' | 'admin' | 'superadmin';
  email: string;
  planId: string;
  name: string;
  priceCents: number;
  storageBytes: number | null;
  aiQueriesPerMonth: number | null;
  subscriptionStatus: 'active' | 'past_due' | 'canceled' | null;
}

/** Reads of a user's credit account and plan, each in one statement (user row included). */
export class CreditsRepository {
  constructor(private readonly db: Db) {}

  async holder(userId: string): Promise<CreditHolder | undefined> {
    const result = await this.db.execute(sql`
      select u.id, u.email, u.role, u.subscription_plan, c.balance_micros, c.held_micros, c.total_purchased_micros,
             c.total_used_micros, c.updated_at
      from ${users} u left join ${creditAccounts} c on c.user_id = u.id
      where u.id = ${userId}
    `);
    const r = rowsOf<{
      id: string;
      email: string;
      role: CreditHolder['role'];
      subscription_plan: string;
      balance_micros: number | string | null;
      held_micros: number | string | null;
      total_purchased_micros: number | string | null;
      total_used_micros: number | string | null;
      updated_at: Date | string | null;
    }>(result)[0];
    if (!r) return undefined;
    return {
      userId: r.id,
      email: r.email,
      role: r.role,
      planId: r.subscription_plan,
      balanceMicros: num(r.balance_micros),
      heldMicros: num(r.held_micros) ?? 0,
      totalPurchasedMicros: num(r.total_purchased_micros) ?? 0,
      totalUsedMicros: num(r.total_used_micros) ?? 0,
      updatedAt: r.updated_at === null ? null : new Date(r.updated_at),
    };
  }

  /** The user's plan from the catalogue (the hidden 'prepaid' row when theirs is missing) and subscription. */
  async plan(userId: string): Promise<PlanView | undefined> {
    const result = await this.db.execute(sql`
      select u.role, u.email, p.id, p.name, p.price_cents, p.storage_bytes, p.ai_queries_per_month,
             s.status as subscription_status
      from ${users} u
      join ${plans} p on p.id = coalesce((select id from ${plans} where id = u.subscription_plan), 'prepaid')
      left join ${subscriptions} s on s.user_id = u.id
      where u.id = ${userId}
    `);
    const r = rowsOf<{
      role: PlanView['role'];
      email: string;
      id: string;
      name: string;
      price_cents: number;
      storage_bytes: number | string | null;
      ai_queries_per_month: number | null;
      subscription_status: PlanView['subscriptionStatus'];
    }>(result)[0];
    if (!r) return undefined;
    return {
      role: r.role,
      email: r.email,
      planId: r.id,
      name: r.name,
      priceCents: Number(r.price_cents),
      storageBytes: num(r.storage_bytes),
      aiQueriesPerMonth: r.ai_queries_per_month === null ? null : Number(r.ai_queries_per_month),
      subscriptionStatus: r.subscription_status,
    };
  }

  /** True when a prepaid account (not the superadmin) has no credits left: it may not upload. */
  async prepaidAndEmpty(userId: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      select 1 from ${users} u left join ${creditAccounts} c on c.user_id = u.id
      where u.id = ${userId} and u.subscription_plan = 'prepaid' and u.role <> 'superadmin'
        and coalesce(c.balance_micros, 0) <= 0
    `);
    return rowsOf(result).length > 0;
  }
}
