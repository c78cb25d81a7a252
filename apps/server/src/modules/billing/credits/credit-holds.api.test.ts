import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAndSum, fund, makePrepaid } from '../../../../test/billing.fixture';
import { createSiblingApp, createTestApp, type TestApp } from '../../../../test/test-app';
import { eventually } from '../../../../test/upload.fixture';
import { createTestUser } from '../../../../test/users.fixture';
import { aiUsageLog, billingLedger, creditHolds } from '../../../db/schema/index';
import { hostIdentity, pidAlive } from '../../../instances/instance-lease';
import { InstancesRepository } from '../../../instances/instances.repository';
import { CreditHoldsRepository } from './credit-holds.repository';
import { type Charge, CreditHoldsService } from './credit-holds.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.database.db;
const quiet = { warn: () => {}, error: () => {} };
const noAlerts = { afterCharge: async () => {} };
const holdsOf = (userId: string) => db().select().from(creditHolds).where(eq(creditHolds.userId, userId));
const ledgerOf = (userId: string) =>
  db().select().from(billingLedger).where(eq(billingLedger.userId, userId));

async function prepaidUser(credits: number) {
  const { user } = await createTestUser(t.app);
  await makePrepaid(t.app, user.id);
  await fund(t.app, user.id, credits);
  return user.id;
}

const charge = (userId: string, micros: number, callId = randomUUID()): Charge => ({
  userId,
  micros,
  settleKey: `ai:${callId}`,
  description: 'AI query (openai gpt-4)',
  metadata: { source: 'ai', provider: 'openai', model: 'gpt-4', callId },
});

describe('credit holds', () => {
  it('a settlement that fails is retried until it goes through; the credits stay held meanwhile, charged once', async () => {
    const userId = await prepaidUser(1);
    const repo = new CreditHoldsRepository(db());
    let failures = 2;
    const holds = new CreditHoldsService({
      repo: {
        hold: (h) => repo.hold(h),
        release: (id) => repo.release(id),
        ofInstances: (ids) => repo.ofInstances(ids),
        settle: async (id, s) => {
          if (failures-- > 0) throw new Error('connection terminated unexpectedly');
          return repo.settle(id, s);
        },
      },
      alerts: noAlerts,
      instanceId: t.app.ctx.instance.id,
      log: quiet,
      retryMs: 20,
    });
    const c = charge(userId, 300_000);
    const held = await holds.reserve({ ...c, micros: 500_000 });
    if (!held.held) throw new Error('not held');
    await holds.settle(held.id, c);
    // The reply went out; the charge failed: the hold still keeps the credits from other spending.
    expect((await holdsOf(userId)).map((h) => h.micros)).toEqual([500_000]);
    expect(holds.pendingCount()).toBe(1);
    await eventually(async () => expect(await holdsOf(userId)).toEqual([]));
    const rows = (await ledgerOf(userId)).filter((r) => r.kind === 'credit_deduction');
    expect(rows.map((r) => r.creditsMicros)).toEqual([-300_000]);
    const { balance, sum } = await balanceAndSum(t.app, userId);
    expect(balance).toBeCloseTo(0.7, 9);
    expect(sum).toBeCloseTo(balance, 9);
  });

  it('concurrent holds never take more than is free, and other spending leaves held credits alone', async () => {
    const user = await createTestUser(t.app);
    const userId = user.user.id;
    await makePrepaid(t.app, userId);
    await fund(t.app, userId, 1);
    const holds = new CreditHoldsService({
      repo: new CreditHoldsRepository(db()),
      alerts: noAlerts,
      instanceId: t.app.ctx.instance.id,
      log: quiet,
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => holds.reserve(charge(userId, 300_000))),
    );
    expect(results.filter((r) => r.held)).toHaveLength(3);
    expect(results.find((r) => !r.held)).toMatchObject({ held: false, availableMicros: 100_000 });
    // A deduction may take only what no call holds.
    const deduct = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/credits/deduct',
        headers: user.headers,
        payload: { userId, amount, description: 'x' },
      });
    expect((await deduct(0.2)).statusCode).toBe(402);
    expect((await deduct(0.1)).statusCode).toBe(200);
    for (const r of results) if (r.held) await holds.release(r.id);
    expect(await holdsOf(userId)).toEqual([]);
    const { balance, sum } = await balanceAndSum(t.app, userId);
    expect(balance).toBeCloseTo(0.9, 9);
    expect(sum).toBeCloseTo(balance, 9);
  });

  it('holds of a process that died: charged from the call usage row when it answered, given back when not', async () => {
    const userId = await prepaidUser(2);
    let deadPid = 4_000_000;
    while (pidAlive(deadPid)) deadPid -= 7919;
    const dead = randomUUID();
    await new InstancesRepository(db()).register({
      id: dead,
      host: hostIdentity(),
      pid: deadPid,
      leaseMs: 60_000,
    });
    const theirs = new CreditHoldsService({
      repo: new CreditHoldsRepository(db()),
      alerts: noAlerts,
      instanceId: dead,
      log: quiet,
    });
    const mine = new CreditHoldsService({
      repo: new CreditHoldsRepository(db()),
      alerts: noAlerts,
      instanceId: t.app.ctx.instance.id,
      log: quiet,
    });
    const answered = randomUUID();
    const answeredHold = await theirs.reserve(charge(userId, 100_000, answered));
    const unanswered = await theirs.reserve(charge(userId, 100_000));
    const live = await mine.reserve(charge(userId, 100_000));
    expect([answeredHold.held, unanswered.held, live.held]).toEqual([true, true, true]);
    // The answered call's usage row was written before the process died.
    await db()
      .insert(aiUsageLog)
      .values({
        userId,
        provider: 'openai',
        model: 'gpt-4',
        operation: 'chat',
        responseTimeMs: 10,
        success: true,
        cost: 0.0123,
        metadata: { callId: answered },
      });

    const next = await createSiblingApp(t);
    try {
      await next.ctx.instance.sweep();
    } finally {
      await next.close();
    }
    const left = await holdsOf(userId);
    expect(left.map((h) => h.instanceId)).toEqual([t.app.ctx.instance.id]);
    const charged = (await ledgerOf(userId)).filter((r) => r.kind === 'credit_deduction');
    expect(charged.map((r) => [r.creditsMicros, r.idempotencyKey])).toEqual([[-12_300, `ai:${answered}`]]);
    const { balance, sum } = await balanceAndSum(t.app, userId);
    expect(balance).toBeCloseTo(2 - 0.0123, 9);
    expect(sum).toBeCloseTo(balance, 9);
    if (live.held) await mine.release(live.id);
  });
});
