import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceAndSum, fund } from '../../../test/billing.fixture';
import { createTestApp, type TestApp, testDbKind } from '../../../test/test-app';
import { createTestUser } from '../../../test/users.fixture';
import { LedgerRepository, type Spend } from './ledger.repository';

const M = 1_000_000;
const spend = (credits: number, idempotencyKey: string | null = null): Spend => ({
  micros: credits * M,
  description: `spend ${credits}`,
  idempotencyKey,
  metadata: { credits },
});

describe('LedgerRepository.applySpends (batched deductions)', () => {
  let t: TestApp;
  let ledger: LedgerRepository;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = new LedgerRepository(t.app.ctx.database.db);
  });
  afterAll(() => t.close());

  it('takes each spend in order as one-by-one calls would: refusals, replays, keys repeated in the batch', async () => {
    const u = await createTestUser(t.app);
    await fund(t.app, u.user.id, 5);
    const old = await ledger.applyCredit({
      userId: u.user.id,
      kind: 'credit_deduction',
      micros: -M,
      description: 'earlier',
      idempotencyKey: 'k-old',
    });
    expect(old).toMatchObject({ status: 'applied', balanceAfterMicros: 4 * M });

    const oneByOne = vi.spyOn(ledger, 'applySpend');
    const results = await ledger.applySpends(u.user.id, [
      spend(3, 'k-a'),
      spend(10),
      spend(1),
      spend(3, 'k-a'),
      spend(1, 'k-old'),
      spend(0.5),
      spend(2, 'k-b'),
      spend(2, 'k-b'),
    ]);
    // All in the one batch statement.
    expect(oneByOne).not.toHaveBeenCalled();
    oneByOne.mockRestore();
    const a = results[0];
    expect(a).toMatchObject({ status: 'applied', balanceAfterMicros: M });
    expect(results[1]).toEqual({ status: 'insufficient' });
    expect(results[2]).toMatchObject({ status: 'applied', balanceAfterMicros: 0 });
    expect(results[3]).toEqual({
      status: 'replayed',
      prior: {
        id: a?.status === 'applied' ? a.ledgerId : -1,
        kind: 'credit_deduction',
        creditsMicros: -3 * M,
        balanceAfterMicros: M,
      },
    });
    expect(results[4]).toEqual({
      status: 'replayed',
      prior: {
        id: old.status === 'applied' ? old.ledgerId : -1,
        kind: 'credit_deduction',
        creditsMicros: -M,
        balanceAfterMicros: 4 * M,
      },
    });
    expect(results[5]).toEqual({ status: 'insufficient' });
    expect(results[6]).toEqual({ status: 'insufficient' });
    expect(results[7]).toEqual({ status: 'insufficient' });

    expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 0, sum: 0 });
    const rows = await ledger.list(u.user.id, { limit: 10, kinds: ['credit_deduction'] });
    expect(rows.map((r) => [r.description, r.creditsMicros, r.balanceAfterMicros, r.idempotencyKey])).toEqual(
      [
        ['spend 1', -M, 0, null],
        ['spend 3', -3 * M, M, 'k-a'],
        ['earlier', -M, 4 * M, 'k-old'],
      ],
    );
    expect(rows[1]?.metadata).toEqual({ credits: 3 });
    const account = await ledger.balance(u.user.id);
    expect(account).toMatchObject({ balanceMicros: 0, totalUsedMicros: 5 * M, totalPurchasedMicros: 5 * M });
  });

  it('takes a batch the balance covers whole with running balances, replays and holds counted', async () => {
    const u = await createTestUser(t.app);
    await fund(t.app, u.user.id, 10);
    const old = await ledger.applySpend(u.user.id, spend(1, 'k-old'));
    // An AI call holds 2 of the 9 left: 7 available, the fresh spends below total exactly 7.
    await t.app.ctx.database.db.execute(
      sql`update credit_accounts set held_micros = ${2 * M} where user_id = ${u.user.id}`,
    );
    const results = await ledger.applySpends(u.user.id, [
      spend(2, 'k-a'),
      spend(1, 'k-old'),
      spend(4),
      spend(1, 'k-a'),
      spend(1),
    ]);
    expect(results.map((r) => (r.status === 'applied' ? r.balanceAfterMicros : r.status))).toEqual([
      7 * M,
      'replayed',
      3 * M,
      'replayed',
      2 * M,
    ]);
    expect(results[1]).toMatchObject({
      prior: { id: old.status === 'applied' ? old.ledgerId : -1, balanceAfterMicros: 9 * M },
    });
    expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 2, sum: 2 });
    // The hold settles: 2 available, the batch asks 3.5, so it is walked spend by spend.
    await t.app.ctx.database.db.execute(
      sql`update credit_accounts set held_micros = 0 where user_id = ${u.user.id}`,
    );
    const next = await ledger.applySpends(u.user.id, [spend(0.5), spend(2), spend(1)]);
    expect(next.map((r) => (r.status === 'applied' ? r.balanceAfterMicros : r.status))).toEqual([
      1.5 * M,
      'insufficient',
      0.5 * M,
    ]);
    expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 0.5, sum: 0.5 });
  });

  it('refuses every spend of a user without a credit account', async () => {
    const u = await createTestUser(t.app);
    expect(await ledger.applySpends(u.user.id, [spend(1), spend(2, 'k')])).toEqual([
      { status: 'insufficient' },
      { status: 'insufficient' },
    ]);
  });

  it.skipIf(testDbKind !== 'postgres')(
    'a key committed while the batch waited for the lock is a replay (one-by-one fallback)',
    async () => {
      const u = await createTestUser(t.app);
      await fund(t.app, u.user.id, 5);
      const db = t.app.ctx.database.db;
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let applied!: () => void;
      const inside = new Promise<void>((r) => {
        applied = r;
      });
      const other = db.transaction(async (tx) => {
        await new LedgerRepository(tx).applyCredit(
          {
            userId: u.user.id,
            kind: 'credit_deduction',
            micros: -M,
            description: 'other',
            idempotencyKey: 'k-race',
          },
          tx,
        );
        applied();
        await held;
      });
      await inside;
      const oneByOne = vi.spyOn(ledger, 'applySpend');
      const batch = ledger.applySpends(u.user.id, [spend(1, 'k-race'), spend(2)]);
      // Let the batch reach the row lock, then commit the other transaction.
      for (let i = 0; i < 200; i++) {
        const waiting = await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if ((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      release();
      await other;
      const results = await batch;
      expect(oneByOne).toHaveBeenCalledTimes(2);
      oneByOne.mockRestore();
      expect(results[0]).toMatchObject({
        status: 'replayed',
        prior: { creditsMicros: -M, balanceAfterMicros: 4 * M },
      });
      expect(results[1]).toMatchObject({ status: 'applied', balanceAfterMicros: 2 * M });
      expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 2, sum: 2 });
    },
  );
});
