import { randomUUID } from 'node:crypto';
import { CREDIT_MESSAGES, UNLIMITED_BALANCE } from '@stratos/contracts/billing/credits.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAndSum, fund, makePrepaid } from '../../../../test/billing.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { subscriptions } from '../../../db/schema/index';
import { LedgerRepository } from '../ledger.repository';
import { paymentsClient } from '../payments/payments.test-helpers';

const SUPERADMIN_EMAIL = 'boss@stratos.test';

describe('prepaid credits API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUPERADMIN_EMAIL });
  });
  afterAll(() => t.close());

  const get = (u: TestUser | null, url: string, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, query, headers: u?.headers ?? {} });
  const deduct = (u: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/credits/deduct',
      headers: { ...u.headers, ...headers },
      payload: body,
    });
  const expectLedgerMatches = async (userId: string) => {
    const { balance, sum } = await balanceAndSum(t.app, userId);
    expect(balance).toBe(sum);
    return balance;
  };

  it('GET /api/billing/credits/:userId: the balance and totals, zero for a new account', async () => {
    const u = await createTestUser(t.app);
    const fresh = await get(u, `/api/billing/credits/${u.user.id}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      success: true,
      balance: 0,
      reserved: 0,
      available: 0,
      lastUpdated: null,
      totalPurchased: 0,
      totalUsed: 0,
      unlimited: false,
      role: 'user',
    });
    await fund(t.app, u.user.id, 20);
    expect((await deduct(u, { userId: u.user.id, amount: 1.5, description: 'AI analysis' })).statusCode).toBe(
      200,
    );
    const after = (await get(u, `/api/billing/credits/${u.user.id}`)).json();
    expect(after).toMatchObject({ balance: 18.5, totalPurchased: 20, totalUsed: 1.5, unlimited: false });
    expect(Date.parse(after.lastUpdated)).not.toBeNaN();
    expect(await expectLedgerMatches(u.user.id)).toBe(18.5);
  });

  it('POST /api/billing/credits/deduct: takes the amount, 402 when the balance would go below zero', async () => {
    const u = await createTestUser(t.app);
    // No credit account at all.
    const none = await deduct(u, { userId: u.user.id, amount: 1, description: 'x' });
    expect(none.statusCode).toBe(402);
    expect(none.json().error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: CREDIT_MESSAGES.insufficient,
    });

    await fund(t.app, u.user.id, 5);
    const ok = await deduct(u, {
      userId: u.user.id,
      amount: 2.000001,
      description: 'Analysis of report.pdf',
      metadata: { timestamp: '2026-01-01T00:00:00Z' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, newBalance: 2.999999, transactionId: expect.any(String) });

    const tooMuch = await deduct(u, { userId: u.user.id, amount: 3, description: 'x' });
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().error.message).toBe('Insufficient credits');
    const exact = await deduct(u, { userId: u.user.id, amount: 2.999999, description: 'the rest' });
    expect(exact.json().newBalance).toBe(0);
    expect(await expectLedgerMatches(u.user.id)).toBe(0);

    const [row] = await new LedgerRepository(t.app.ctx.database.db).list(u.user.id, {
      limit: 10,
      kinds: ['credit_deduction'],
    });
    expect(row).toMatchObject({ description: 'the rest', creditsMicros: -2_999_999, balanceAfterMicros: 0 });
  });

  it('validates the deduction', async () => {
    const u = await createTestUser(t.app);
    for (const body of [
      { userId: u.user.id, amount: 0, description: 'x' },
      { userId: u.user.id, amount: -1, description: 'x' },
      { userId: u.user.id, amount: 0.0000001, description: 'x' },
      { userId: u.user.id, amount: 1 },
      { userId: 'nope', amount: 1, description: 'x' },
      { userId: u.user.id, amount: '1', description: 'x' },
    ]) {
      expect((await deduct(u, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await deduct(u, { userId: u.user.id, amount: 1, description: 'x' }, { 'idempotency-key': 'short' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await deduct(u, { userId: u.user.id, amount: 1, description: 'x', metadata: { idempotencyKey: 42 } }))
        .statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/billing/credits/deduct',
      payload: { userId: u.user.id, amount: 1, description: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a deduction is idempotent by the Idempotency-Key header or metadata.idempotencyKey', async () => {
    const u = await createTestUser(t.app);
    await fund(t.app, u.user.id, 3);
    const body = { userId: u.user.id, amount: 2, description: 'once' };
    const key = { 'idempotency-key': `key-${randomUUID()}` };
    const first = await deduct(u, body, key);
    const again = await deduct(u, body, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().newBalance).toBe(1);
    // The replay still answers with the first result when the balance could no longer pay it.
    const third = await deduct(u, body, key);
    expect(third.json()).toEqual(first.json());
    // The same key for another amount is refused.
    const other = await deduct(u, { ...body, amount: 0.5 }, key);
    expect(other.statusCode).toBe(409);

    const metaKey = `meta-${randomUUID()}`;
    const m1 = await deduct(u, { ...body, amount: 0.25, metadata: { idempotencyKey: metaKey } });
    const m2 = await deduct(u, { ...body, amount: 0.25, metadata: { idempotencyKey: metaKey } });
    expect(m1.statusCode).toBe(200);
    expect(m2.json()).toEqual(m1.json());
    expect(await expectLedgerMatches(u.user.id)).toBe(0.75);
    // Concurrent replays of one key charge once.
    const k = { 'idempotency-key': `conc-${randomUUID()}` };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => deduct(u, { ...body, amount: 0.5 }, k)),
    );
    expect(new Set(replies.map((r) => r.json().transactionId)).size).toBe(1);
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await expectLedgerMatches(u.user.id)).toBe(0.25);
  });

  it('50 concurrent deductions of 1 against a balance of 5: exactly 5 succeed, 45 refused, 0 left', async () => {
    const u = await createTestUser(t.app);
    await fund(t.app, u.user.id, 5);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        deduct(u, { userId: u.user.id, amount: 1, description: `call ${i}` }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(45);
    expect(
      replies
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().newBalance)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(await expectLedgerMatches(u.user.id)).toBe(0);
    expect((await get(u, `/api/billing/credits/${u.user.id}`)).json()).toMatchObject({
      balance: 0,
      totalUsed: 5,
    });
  });

  it('a user reaches only their own credits (403); admins anyone’s (404 for no such user)', async () => {
    const u = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const admin = await createTestUser(t.app, { role: 'admin' });
    await fund(t.app, other.user.id, 10);
    const id = other.user.id;
    const refused = [
      await get(u, `/api/billing/credits/${id}`),
      await get(u, `/api/billing/credits/history/${id}`),
      await get(u, `/api/users/${id}/plan`),
      await deduct(u, { userId: id, amount: 1, description: 'x' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/billing/credits/purchase',
        headers: u.headers,
        payload: { userId: id, packageId: 'standard' },
      }),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(403);
      expect(r.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    expect(await expectLedgerMatches(id)).toBe(10);

    expect((await get(admin, `/api/billing/credits/${id}`)).json().balance).toBe(10);
    expect((await get(admin, `/api/billing/credits/history/${id}`)).json().transactions).toHaveLength(1);
    expect((await get(admin, `/api/users/${id}/plan`)).statusCode).toBe(200);
    expect((await deduct(admin, { userId: id, amount: 4, description: 'support' })).json().newBalance).toBe(
      6,
    );
    const missing = randomUUID();
    expect((await get(admin, `/api/billing/credits/${missing}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/billing/credits/history/${missing}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/users/${missing}/plan`)).statusCode).toBe(404);
    expect((await deduct(admin, { userId: missing, amount: 1, description: 'x' })).statusCode).toBe(404);
    expect((await get(u, '/api/billing/credits/not-a-uuid')).statusCode).toBe(400);
    expect((await get(null, `/api/billing/credits/${u.user.id}`)).statusCode).toBe(401);
  });

  it('the superadmin is unlimited: balance 999999999, never charged', async () => {
    const boss = await createTestUser(t.app, { role: 'superadmin' });
    const byEmail = await createTestUser(t.app, { email: SUPERADMIN_EMAIL });
    const admin = await createTestUser(t.app, { role: 'admin' });
    for (const s of [boss, byEmail]) {
      const account = (await get(s, `/api/billing/credits/${s.user.id}`)).json();
      expect(account).toMatchObject({ balance: UNLIMITED_BALANCE, unlimited: true });
      const r = await deduct(s, { userId: s.user.id, amount: 1000, description: 'anything' });
      expect(r.statusCode).toBe(200);
      expect(r.json().newBalance).toBe(UNLIMITED_BALANCE);
      expect((await get(s, `/api/billing/credits/history/${s.user.id}`)).json().transactions).toEqual([]);
      expect(await balanceAndSum(t.app, s.user.id)).toEqual({ balance: 0, sum: 0 });
    }
    expect(
      (await deduct(admin, { userId: boss.user.id, amount: 5, description: 'x' })).json().newBalance,
    ).toBe(UNLIMITED_BALANCE);
    expect((await get(admin, `/api/billing/credits/${boss.user.id}`)).json().role).toBe('superadmin');
    expect((await get(boss, `/api/users/${boss.user.id}/plan`)).json().plan.billing).toBe('unlimited');
  });

  it('GET /api/billing/credits/history/:userId: credit changes newest first, limit 50 by default', async () => {
    const u = await createTestUser(t.app);
    await fund(t.app, u.user.id, 100);
    for (let i = 0; i < 55; i++) {
      await deduct(u, { userId: u.user.id, amount: 0.5, description: `call ${i}`, metadata: { n: i } });
    }
    // A money row of the same user is not a credit change.
    await new LedgerRepository(t.app.ctx.database.db).append(t.app.ctx.database.db, {
      userId: u.user.id,
      kind: 'payment',
      amountCents: 10000,
      description: 'Payment',
    });
    const page = (await get(u, `/api/billing/credits/history/${u.user.id}`)).json();
    expect(page.transactions).toHaveLength(50);
    expect(page.transactions[0]).toEqual({
      id: expect.any(String),
      type: 'deduction',
      amount: -0.5,
      balanceAfter: 72.5,
      description: 'call 54',
      metadata: { n: 54 },
      createdAt: expect.any(String),
    });
    const all = (await get(u, `/api/billing/credits/history/${u.user.id}`, { limit: '100' })).json()
      .transactions;
    expect(all).toHaveLength(56);
    expect(all[55]).toMatchObject({ type: 'purchase', amount: 100, balanceAfter: 100 });
    expect((await get(u, `/api/billing/credits/history/${u.user.id}`, { limit: '0' })).statusCode).toBe(400);
  });

  it('GET /api/users/:userId/plan: the catalogue plan and how the user pays', async () => {
    const free = await createTestUser(t.app);
    expect((await get(free, `/api/users/${free.user.id}/plan`)).json()).toEqual({
      success: true,
      plan: {
        tier: 'free',
        name: 'Free',
        price: 0,
        storageBytes: 5 * 1024 ** 3,
        aiQueriesPerMonth: 100,
        billing: 'free',
        status: null,
      },
    });
    const prepaid = await createTestUser(t.app);
    await makePrepaid(t.app, prepaid.user.id);
    expect((await get(prepaid, `/api/users/${prepaid.user.id}/plan`)).json().plan).toEqual({
      tier: 'prepaid',
      name: 'Prepaid Credits',
      price: 0,
      storageBytes: null,
      aiQueriesPerMonth: null,
      billing: 'prepaid',
      status: null,
    });
    const pro = await createTestUser(t.app, { subscriptionPlan: 'pro' });
    const now = new Date();
    await t.app.ctx.database.db.insert(subscriptions).values({
      userId: pro.user.id,
      planId: 'pro',
      status: 'past_due',
      provider: 'sandbox',
      amountCents: 1999,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
    expect((await get(pro, `/api/users/${pro.user.id}/plan`)).json().plan).toMatchObject({
      tier: 'pro',
      name: 'Pro',
      price: 1999,
      billing: 'subscription',
      status: 'past_due',
    });
  });

  it('POST /api/billing/credits/purchase: 400 for an unknown package', async () => {
    const u = await createTestUser(t.app);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/billing/credits/purchase',
      headers: u.headers,
      payload: { userId: u.user.id, packageId: 'gold', amount: 500, credits: 5 },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toEqual({ code: 'INVALID_PACKAGE', message: CREDIT_MESSAGES.invalidPackage });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/billing/credits/purchase',
      headers: u.headers,
      payload: { userId: u.user.id },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('POST /api/billing/credits/purchase: an intent at the catalogue price; paid and confirmed, the credits land once', async () => {
    const u = await createTestUser(t.app);
    const purchase = (key: string, body: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/credits/purchase',
        headers: { ...u.headers, 'idempotency-key': key },
        // The client's amount and credits are ignored: the catalogue decides.
        payload: { userId: u.user.id, packageId: 'standard', amount: 1, credits: 1000, ...body },
      });
    const key = `buy-${randomUUID()}`;
    const res = await purchase(key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      paymentIntent: {
        id: expect.any(String),
        amount: 2000,
        currency: 'usd',
        status: 'requires_payment_method',
        packageId: 'standard',
        credits: 20,
      },
      clientSecret: expect.any(String),
      provider: 'sandbox',
    });
    // The same key, the same intent.
    expect((await purchase(key)).json().paymentIntent.id).toBe(body.paymentIntent.id);

    const c = paymentsClient(t.app);
    expect((await c.pay(u.headers, body.paymentIntent.id)).statusCode).toBe(200);
    expect((await c.confirm(u.headers, body.paymentIntent.id)).json().granted).toBe(true);
    expect((await c.confirm(u.headers, body.paymentIntent.id)).json().granted).toBe(false);
    expect((await get(u, `/api/billing/credits/${u.user.id}`)).json()).toMatchObject({
      balance: 20,
      totalPurchased: 20,
    });
    expect((await get(u, `/api/users/${u.user.id}/plan`)).json().plan.tier).toBe('prepaid');
    const [bought] = (await get(u, `/api/billing/credits/history/${u.user.id}`)).json().transactions;
    expect(bought).toMatchObject({ type: 'purchase', amount: 20, balanceAfter: 20 });
    expect(await expectLedgerMatches(u.user.id)).toBe(20);
  });
});
