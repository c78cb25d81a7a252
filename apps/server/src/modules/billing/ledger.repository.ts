import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingLedger, creditAccounts } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/pg-error';

export type LedgerKind = (typeof billingLedger.$inferInsert)['kind'];
export type CreditKind = Extract<
  LedgerKind,
  'credit_purchase' | 'credit_deduction' | 'credit_metering' | 'credit_adjustment'
>;

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  description: string;
  amountCents?: number;
  paymentIntentId?: string | null;
  planId?: string | null;
  packageId?: string | null;
  idempotencyKey?: string | null;
  metadata?: Record<string, unknown>;
}

export interface CreditEntry extends Omit<LedgerEntry, 'kind'> {
  kind: CreditKind;
  /** Signed change in millionths of a credit; negative spends. */
  micros: number;
}

export type CreditResult =
  | { status: 'applied'; ledgerId: number; balanceAfterMicros: number }
  /** The idempotency key (or the intent's grant) was already used: nothing changed this time. */
  | { status: 'replayed'; ledgerId: number; balanceAfterMicros: number | null }
  /** A spend larger than the balance (or no credit account): nothing changed. */
  | { status: 'insufficient' };

export type LedgerRow = typeof billingLedger.$inferSelect;

/**
 * The append-only ledger and the credit balance it backs. A credit change is ONE statement that
 * moves the balance (only if it stays >= 0) and appends the ledger row with the balance after it,
 * so the balance always equals the ledger's sum and concurrent spends can never overdraw:
 * PostgreSQL re-checks `balance + change >= 0` on the locked row before each update.
 */
export class LedgerRepository {
  constructor(private readonly db: Db) {}

  /** Appends a money row (payments, subscription events) inside the caller's transaction. */
  async append(tx: Db, entry: LedgerEntry): Promise<number> {
    const rows = await tx
      .insert(billingLedger)
      .values({
        userId: entry.userId,
        kind: entry.kind,
        description: entry.description,
        amountCents: entry.amountCents ?? 0,
        paymentIntentId: entry.paymentIntentId ?? null,
        planId: entry.planId ?? null,
        packageId: entry.packageId ?? null,
        idempotencyKey: entry.idempotencyKey ?? null,
        metadata: entry.metadata ?? {},
      })
      .returning({ id: billingLedger.id });
    return (rows[0] as { id: number }).id;
  }

  /**
   * Applies a credit change. Outside a transaction (tx omitted) a repeated idempotency key is
   * answered as a replay. Inside the caller's transaction a repeated key aborts it (the caller
   * checks `findByKey`/intent grants first, under its own lock).
   */
  async applyCredit(entry: CreditEntry, tx?: Db): Promise<CreditResult> {
    const db = tx ?? this.db;
    if (entry.micros > 0) {
      await db.insert(creditAccounts).values({ userId: entry.userId }).onConflictDoNothing();
    }
    const spend = Math.max(-entry.micros, 0);
    const purchased = entry.kind === 'credit_purchase' ? Math.max(entry.micros, 0) : 0;
    try {
      const result = await db.execute(sql`
        with moved as (
          update credit_accounts
          set balance_micros = balance_micros + ${entry.micros},
              total_used_micros = total_used_micros + ${spend},
              total_purchased_micros = total_purchased_micros + ${purchased},
              updated_at = now()
          where user_id = ${entry.userId} and balance_micros + ${entry.micros} >= 0
          returning balance_micros
        )
        insert into billing_ledger
          (user_id, kind, amount_cents, credits_micros, balance_after_micros, payment_intent_id,
           plan_id, package_id, idempotency_key, description, metadata)
        select ${entry.userId}, ${entry.kind}, ${entry.amountCents ?? 0}, ${entry.micros}, moved.balance_micros,
               ${entry.paymentIntentId ?? null}, ${entry.planId ?? null}, ${entry.packageId ?? null},
               ${entry.idempotencyKey ?? null}, ${entry.description}, ${JSON.stringify(entry.metadata ?? {})}::jsonb
        from moved
        returning id, balance_after_micros
      `);
      const row = rowsOf<{ id: number | string; balance_after_micros: number | string }>(result)[0];
      if (!row) return { status: 'insufficient' };
      return {
        status: 'applied',
        ledgerId: Number(row.id),
        balanceAfterMicros: Number(row.balance_after_micros),
      };
    } catch (err) {
      if (tx || !isUniqueViolation(err) || !entry.idempotencyKey) throw err;
      const prior = await this.findByKey(entry.userId, entry.idempotencyKey);
      if (!prior) throw err;
      return { status: 'replayed', ledgerId: prior.id, balanceAfterMicros: prior.balanceAfterMicros };
    }
  }

  async findByKey(userId: string, idempotencyKey: string): Promise<LedgerRow | undefined> {
    const rows = await this.db
      .select()
      .from(billingLedger)
      .where(and(eq(billingLedger.userId, userId), eq(billingLedger.idempotencyKey, idempotencyKey)));
    return rows[0];
  }

  async balance(userId: string): Promise<typeof creditAccounts.$inferSelect | undefined> {
    const rows = await this.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    return rows[0];
  }

  /** The ledger's own sum of credit changes (tests and audits compare it with the balance). */
  async creditSum(userId: string): Promise<number> {
    const rows = await this.db
      .select({ sum: sql<string | number>`coalesce(sum(${billingLedger.creditsMicros}), 0)` })
      .from(billingLedger)
      .where(eq(billingLedger.userId, userId));
    return Number(rows[0]?.sum ?? 0);
  }

  async list(userId: string, opts: { limit: number; kinds?: LedgerKind[] }): Promise<LedgerRow[]> {
    const where = opts.kinds
      ? and(eq(billingLedger.userId, userId), sql`${billingLedger.kind} in ${opts.kinds}`)
      : eq(billingLedger.userId, userId);
    return this.db
      .select()
      .from(billingLedger)
      .where(where)
      .orderBy(desc(billingLedger.createdAt), desc(billingLedger.id))
      .limit(opts.limit);
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
