import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceAndSum,
  fund,
  makePrepaid,
  storageEventAt,
  transferAt,
} from '../../../../test/billing.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser, tokenFor } from '../../../../test/users.fixture';
import { alerts, billingLedger, meteringDays } from '../../../db/schema/index';
import { LedgerRepository } from '../ledger.repository';
import { creditHoldsServiceFor } from './credits-services';
import { METER_PREPAID_JOB, meteringServiceFor } from './metering.job';
import { addDays, dayStart, utcDay } from './pricing';

const GIB = 1024 ** 3;
const HOUR = 60 * 60 * 1000;

describe('daily metering of prepaid accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  /** Moves the test clock forward to `at`. */
  const moveTo = (at: Date) => {
    const ms = at.getTime() - t.clock.now().getTime();
    if (ms < 0) throw new Error('the test clock only moves forward');
    t.clock.advance(ms);
  };
  /**
   * Moves the test clock to `at`, or leaves it where it is when it is already past `at`. The clock
   * follows the wall clock, so reading it twice (once to compare, once to move) could go back a
   * millisecond and trip moveTo's check.
   */
  const moveToAtLeast = (at: Date) => t.clock.advance(Math.max(0, at.getTime() - t.clock.now().getTime()));
  const fresh = async (u: TestUser): Promise<TestUser> => ({
    ...u,
    headers: { authorization: `Bearer ${await tokenFor(t.app, u.user)}` },
  });
  /** A prepaid account funded now; returns the first day metering will charge (the day after). */
  async function prepaid(credits: number): Promise<{ u: TestUser; first: string }> {
    const u = await createTestUser(t.app);
    await makePrepaid(t.app, u.user.id);
    await fund(t.app, u.user.id, credits);
    const [purchase] = await new LedgerRepository(db()).list(u.user.id, { limit: 1 });
    return { u, first: addDays(utcDay(new Date(purchase?.createdAt as Date)), 1) };
  }
  const meterRows = (userId: string) =>
    db().select().from(meteringDays).where(eq(meteringDays.userId, userId)).orderBy(meteringDays.day);

  it('charges each complete day once: stored bytes over the day at $0.20/GB-month/30, transfers at $0.10/GB', async () => {
    const { u, first } = await prepaid(10);
    const d1 = first;
    const d2 = addDays(first, 1);
    // Day 1: 3 GiB all day (0.02 credits) and 2 GiB sent (0.2 credits).
    await storageEventAt(t.app, u.user.id, 3 * GIB, dayStart(d1));
    await transferAt(t.app, u.user.id, 2 * GIB, new Date(dayStart(d1).getTime() + 5 * HOUR));
    // Day 2: 3 more GiB from noon: 0.02 + 0.01 credits.
    await storageEventAt(t.app, u.user.id, 3 * GIB, new Date(dayStart(d2).getTime() + 12 * HOUR));
    // Day 3 is today: not complete, not metered.
    moveTo(new Date(dayStart(addDays(d2, 1)).getTime() + HOUR));

    expect(await t.app.ctx.jobs.runNow(METER_PREPAID_JOB)).toBe(true);
    expect(await meterRows(u.user.id)).toMatchObject([
      { day: d1, storageBytes: 3 * GIB, transferBytes: 2 * GIB, costMicros: 220_000, chargedMicros: 220_000 },
      { day: d2, storageBytes: 4.5 * GIB, transferBytes: 0, costMicros: 30_000, chargedMicros: 30_000 },
    ]);
    const rows = await db()
      .select()
      .from(billingLedger)
      .where(and(eq(billingLedger.userId, u.user.id), eq(billingLedger.kind, 'credit_metering')))
      .orderBy(billingLedger.id);
    expect(rows.map((r) => [r.idempotencyKey, r.creditsMicros, r.balanceAfterMicros])).toEqual([
      [`meter:${d1}`, -220_000, 9_780_000],
      [`meter:${d2}`, -30_000, 9_750_000],
    ]);
    expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 9.75, sum: 9.75 });

    // Again, and again from scratch (as if the cursor were lost): nothing more is charged.
    expect(await t.app.ctx.jobs.runNow(METER_PREPAID_JOB)).toBe(true);
    const again = await meteringServiceFor(t.app.ctx).meterAccount(
      u.user.id,
      null,
      dayStart(addDays(d1, -1)),
    );
    expect(again).toEqual({ days: 0, chargedMicros: 0, unpaidMicros: 0 });
    expect(await meterRows(u.user.id)).toHaveLength(2);
    expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 9.75, sum: 9.75 });

    // The history shows the metering; the usage series shows each day's figures and charge.
    const me = await fresh(u);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/billing/credits/history/${u.user.id}`,
      headers: me.headers,
    });
    expect(history.json().transactions[0]).toMatchObject({
      type: 'metering',
      amount: -0.03,
      balanceAfter: 9.75,
    });
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/billing/usage?days=3',
      headers: me.headers,
    });
    expect(usage.statusCode).toBe(200);
    const body = usage.json();
    expect(body.billing).toBe('prepaid');
    expect(body.days).toEqual([
      {
        date: d1,
        storageBytes: 3 * GIB,
        transferBytes: 2 * GIB,
        storageCost: 0.02,
        transferCost: 0.2,
        creditsCharged: 0.22,
      },
      {
        date: d2,
        storageBytes: 6 * GIB,
        transferBytes: 0,
        storageCost: 0.03,
        transferCost: 0,
        creditsCharged: 0.03,
      },
      // Today so far: one hour of 6 GiB.
      {
        date: addDays(d2, 1),
        storageBytes: 6 * GIB,
        transferBytes: 0,
        storageCost: 0.001667,
        transferCost: 0,
        creditsCharged: 0,
      },
    ]);
    // $0.04 a day for 6 GiB, plus 2 GiB sent in 30 days ($0.2 / 30).
    expect(body.dailyCost).toBeCloseTo(0.04 + 0.2 / 30, 6);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/billing/usage?days=0', headers: me.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('never goes below zero: what the balance cannot pay is recorded as unpaid; then the alerts', async () => {
    const { u, first } = await prepaid(0.01);
    await transferAt(t.app, u.user.id, 2 * GIB, new Date(dayStart(first).getTime() + HOUR));
    moveToAtLeast(dayStart(addDays(first, 1)));
    const outcome = await meteringServiceFor(t.app.ctx).meterAll();
    expect(outcome.days).toBeGreaterThanOrEqual(1);
    const [row] = await meterRows(u.user.id);
    expect(row).toMatchObject({ day: first, costMicros: 200_000, chargedMicros: 10_000 });
    expect(await balanceAndSum(t.app, u.user.id)).toEqual({ balance: 0, sum: 0 });
    // The alert check ran after the charge.
    const active = await db().select().from(alerts).where(eq(alerts.userId, u.user.id));
    expect(active.map((a) => `${a.type}:${a.severity}`)).toContain('credit_balance:critical');
  });

  it('takes only what no AI call in flight holds', async () => {
    const { u, first } = await prepaid(0.1);
    const held = await creditHoldsServiceFor(t.app.ctx).reserve({
      userId: u.user.id,
      micros: 60_000,
      settleKey: 'ai:metering-test',
      description: 'AI query in progress (openai gpt-4)',
      metadata: {},
    });
    expect(held.held).toBe(true);
    await transferAt(t.app, u.user.id, 2 * GIB, new Date(dayStart(first).getTime() + HOUR));
    moveToAtLeast(dayStart(addDays(first, 1)));
    await meteringServiceFor(t.app.ctx).meterAll();
    const [row] = await meterRows(u.user.id);
    expect(row).toMatchObject({ day: first, costMicros: 200_000, chargedMicros: 40_000 });
    // The held part is still there for the call to settle.
    const { balance, sum } = await balanceAndSum(t.app, u.user.id);
    expect(balance).toBeCloseTo(0.06, 9);
    expect(sum).toBeCloseTo(balance, 9);
    if (held.held) await creditHoldsServiceFor(t.app.ctx).release(held.id);
  });

  it('the superadmin and accounts on other plans are never metered', async () => {
    const boss = await createTestUser(t.app, { role: 'superadmin' });
    await makePrepaid(t.app, boss.user.id);
    const subscriber = await createTestUser(t.app, { subscriptionPlan: 'pro' });
    await fund(t.app, subscriber.user.id, 5);
    for (const u of [boss, subscriber]) {
      await storageEventAt(t.app, u.user.id, 10 * GIB, new Date(t.clock.now().getTime() - 3 * 24 * HOUR));
    }
    moveTo(new Date(t.clock.now().getTime() + 2 * 24 * HOUR));
    await meteringServiceFor(t.app.ctx).meterAll();
    expect(await meterRows(boss.user.id)).toEqual([]);
    expect(await meterRows(subscriber.user.id)).toEqual([]);
    expect(await balanceAndSum(t.app, subscriber.user.id)).toEqual({ balance: 5, sum: 5 });
  });
});
