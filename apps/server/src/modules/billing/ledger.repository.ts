import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
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

/** One spend of a batch (`applySpends`): `micros` > 0 is taken from the balance. */
export interface Spend {
  micros: number;
  description: string;
  idempotencyKey: string | null;
  metadata: Record<string, unknown>;
}

/** What an earlier use of an idempotency key did. */
export type PriorSpend = Pick<LedgerRow, 'id' | 'kind' | 'creditsMicros' | 'balanceAfterMicros'>;

export type SpendResult =
  | { status: 'applied'; ledgerId: number; balanceAfterMicros: number }
  | { status: 'replayed'; prior: PriorSpend }
  | { status: 'insufficient' };

type SpendBatchRow = {
  ok: boolean;
  bal: number | string;
  ledger_id: number | string | null;
  moved: number | string;
  prior_id: number | string | null;
  prior_kind: LedgerKind | null;
  prior_micros: number | string | null;
  prior_after: number | string | null;
};

/**
 * The batch statement of `applySpends`, prepared once per repository: planning its CTEs cost more
 * than running them (~4 ms of PGlite's thread per batch).
 */
const spendBatchQuery = (db: Db) => {
  const userId = sql.placeholder('userId');
  const items = sql.placeholder('items');
  return preparedSql<SpendBatchRow>(
    db,
    'ledger_spend_batch',
    sql`
      with recursive
      acct as (
        select balance_micros as bal, held_micros as held from credit_accounts where user_id = ${userId} for update
      ),
      items as (
        select * from jsonb_to_recordset(${items}::jsonb) as t(i int, m bigint, k text, d text, meta jsonb)
      ),
      prior as (
        select idempotency_key as k, id, kind, credits_micros, balance_after_micros from billing_ledger
        where user_id = ${userId} and idempotency_key in (select k from items where k is not null)
      ),
      fresh as (select it.i, it.m from items it where not exists (select 1 from prior p where p.k = it.k)),
      -- The common case: what no hold covers pays for all the fresh spends (none negative), so each
      -- is taken in turn and the balance after each is a running sum; the walk is for the rest.
      fits as (
        select coalesce(sum(m) <= (select bal - held from acct) and min(m) >= 0, true)
               and exists (select 1 from acct) as yes
        from fresh
      ),
      quick (i, bal, ok) as (
        select it.i, (select bal from acct) - coalesce(sum(f.m) over (order by it.i), 0), f.i is not null
        from items it left join fresh f on f.i = it.i
        where (select yes from fits)
      ),
      walked (i, bal, ok) as (
        select 0, (select bal from acct), false where not (select yes from fits)
        union all
        select it.i, case when x.take then w.bal - it.m else w.bal end, x.take
        from walked w
        join items it on it.i = w.i + 1
        cross join lateral (
          select coalesce(it.m <= w.bal - (select held from acct), false)
                 and not exists (select 1 from prior p where p.k = it.k) as take
        ) x
      ),
      walk as (select i, bal, ok from quick union all select i, bal, ok from walked where i > 0),
      total as (select coalesce(sum(it.m), 0) as m from walk w join items it on it.i = w.i where w.ok),
      moved as (
        update credit_accounts
        set balance_micros = balance_micros - (select m from total),
            total_used_micros = total_used_micros + (select m from total),
            updated_at = now()
        where user_id = ${userId} and balance_micros = (select bal from acct) and (select m from total) > 0
        returning balance_micros
      ),
      ins as (
        insert into billing_ledger
          (user_id, kind, credits_micros, balance_after_micros, idempotency_key, description, metadata)
        select ${userId}, 'credit_deduction', -it.m, w.bal, it.k, it.d, coalesce(it.meta, '{}'::jsonb)
        from walk w join items it on it.i = w.i cross join moved
        where w.ok
        returning id, balance_after_micros
      )
      select w.i, w.ok, w.bal, ins.id as ledger_id, (select count(*) from moved) as moved,
             p.id as prior_id, p.kind as prior_kind, p.credits_micros as prior_micros,
             p.balance_after_micros as prior_after
      from walk w
      join items it on it.i = w.i
      left join ins on w.ok and ins.balance_after_micros = w.bal
      left join prior p on p.k = it.k
      order by w.i
    `,
  );
};

/**
 * The append-only ledger and the credit balance it backs. A credit change is ONE statement that
 * moves the balance and appends the ledger row with the balance after it, so the balance always
 * equals the ledger's sum; a spend goes through only if what no AI call holds covers it, and
 * concurrent spends can never overdraw: PostgreSQL re-checks `balance - held + change >= 0` on
 * the locked row before each update. (AI holds: credits/credit-holds.repository.ts.)
 */
export class LedgerRepository {
  private spendBatchSql?: ReturnType<typeof spendBatchQuery>;

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
    // A spend takes only what no AI call holds; credit in always goes in (it pays a debt first).
    const covered = spend > 0 ? sql`and balance_micros - held_micros + ${entry.micros} >= 0` : sql``;
    try {
      const result = await db.execute(sql`
        with moved as (
          update credit_accounts
          set balance_micros = balance_micros + ${entry.micros},
              total_used_micros = total_used_micros + ${spend},
              total_purchased_micros = total_purchased_micros + ${purchased},
              updated_at = now()
          where user_id = ${entry.userId} ${covered}
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

  /** One spend in one statement; a used key (or a refusal under a used key) answers as a replay. */
  async applySpend(userId: string, s: Spend): Promise<SpendResult> {
    const r = await this.applyCredit({
      userId,
      kind: 'credit_deduction',
      micros: -s.micros,
      description: s.description,
      idempotencyKey: s.idempotencyKey,
      metadata: s.metadata,
    });
    if (r.status === 'applied') return r;
    const prior = s.idempotencyKey ? await this.findByKey(userId, s.idempotencyKey) : undefined;
    return prior ? { status: 'replayed', prior } : { status: 'insufficient' };
  }

  /**
   * Applies several `credit_deduction` spends of one user, in order, exactly as one-by-one
   * `applySpend` calls would: each is taken only if the balance left by those before it covers it;
   * a key already in the ledger, or earlier in the batch, is a replay. ONE statement (one round trip,
   * one commit for all): it locks the account row, walks the spends over the locked balance, moves
   * the balance by the total and appends a ledger row per spend taken. The keys are read in the
   * statement's snapshot, which may predate a spend committed while it waited for the lock; that
   * spend's key then collides on insert and the batch falls back to one-by-one calls.
   */
  async applySpends(userId: string, spends: Spend[]): Promise<SpendResult[]> {
    // A key repeated in the batch: only its first use goes to the database.
    const firstOfKey = new Map<string, number>();
    const sent: { index: number; spend: Spend }[] = [];
    spends.forEach((spend, index) => {
      const key = spend.idempotencyKey;
      if (key && firstOfKey.has(key)) return;
      if (key) firstOfKey.set(key, index);
      sent.push({ index, spend });
    });
    let outcomes: SpendResult[];
    try {
      outcomes = await this.spendBatch(
        userId,
        sent.map((x) => x.spend),
      );
    } catch (err) {
      if (!isUniqueViolation(err) && !(err instanceof BatchMismatch)) throw err;
      outcomes = [];
      for (const x of sent) outcomes.push(await this.applySpend(userId, x.spend));
    }
    const results: SpendResult[] = new Array(spends.length);
    sent.forEach((x, i) => {
      results[x.index] = outcomes[i] as SpendResult;
    });
    spends.forEach((spend, index) => {
      const first = spend.idempotencyKey ? firstOfKey.get(spend.idempotencyKey) : undefined;
      if (first === undefined || first === index) return;
      const r = results[first] as SpendResult;
      results[index] =
        r.status === 'applied'
          ? {
              status: 'replayed',
              prior: {
                id: r.ledgerId,
                kind: 'credit_deduction',
                creditsMicros: -(spends[first] as Spend).micros,
                balanceAfterMicros: r.balanceAfterMicros,
              },
            }
          : r;
    });
    return results;
  }

  /** The statement of `applySpends`, for spends whose keys are all different. */
  private async spendBatch(userId: string, spends: Spend[]): Promise<SpendResult[]> {
    const items = JSON.stringify(
      spends.map((s, i) => ({
        i: i + 1,
        m: s.micros,
        k: s.idempotencyKey,
        d: s.description,
        meta: s.metadata,
      })),
    );
    this.spendBatchSql ??= spendBatchQuery(this.db);
    const result = await this.spendBatchSql.execute({ userId, items });
    const rows = result.rows;
    if (rows.length !== spends.length) throw new BatchMismatch();
    const taken = rows.filter((r) => r.ok);
    // The balance had moved from what the walk read (it never should, under the lock): nothing was
    // written; the one-by-one path answers instead.
    if (taken.length > 0 && (Number(rows[0]?.moved) !== 1 || taken.some((r) => r.ledger_id === null))) {
      throw new BatchMismatch();
    }
    return rows.map((r): SpendResult => {
      if (r.ok)
        return { status: 'applied', ledgerId: Number(r.ledger_id), balanceAfterMicros: Number(r.bal) };
      if (r.prior_id !== null) {
        return {
          status: 'replayed',
          prior: {
            id: Number(r.prior_id),
            kind: r.prior_kind as LedgerKind,
            creditsMicros: Number(r.prior_micros),
            balanceAfterMicros: r.prior_after === null ? null : Number(r.prior_after),
          },
        };
      }
      return { status: 'insufficient' };
    });
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

/** The batch statement's result did not add up; nothing it wrote stands without the rest. */
class BatchMismatch extends Error {}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
