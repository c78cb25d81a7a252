import { CREDIT_MESSAGES, MICROS_PER_CREDIT } from '@stratos/contracts/billing/credits.schema';
import { CARD_MESSAGES, PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { creditAccounts, paymentIntents } from '../../../db/schema/index';
import { paymentsServiceFor } from './payments.factory';
import { billingState, CARDS, paymentsClient, subscribe } from './payments.test-helpers';

describe('payments (sandbox provider)', () => {
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    t = await createTestApp();
    c = paymentsClient(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const newIntent = async (u: TestUser, plan = 'pro') => {
    const res = await c.createIntent(u.headers, plan);
    expect(res.statusCode).toBe(200);
    return res.json().payment_intent_id as string;
  };

  it('GET /payments/config describes the sandbox: test mode, available, no publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      provider: 'sandbox',
      publishableKey: null,
      testMode: true,
      available: true,
      currency: 'usd',
    });
  });

  describe('create-payment-intent', () => {
    it('prices the plan from the catalogue, refuses a price from the client, and accepts aliases', async () => {
      const u = await createTestUser(t.app);
      const priced = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        headers: u.headers,
        payload: { plan_id: 'pro', user_email: u.user.email, amount: 1, price: 1 },
      });
      expect(priced.statusCode).toBe(400);
      expect(priced.json().error.message).toBe('Unknown fields "amount", "price"');
      // Names of Object.prototype members are unknown plans, not a 500.
      for (const plan_id of ['constructor', '__proto__', 'toString']) {
        const res = await c.createIntent(u.headers, plan_id);
        expect(res.json().error, plan_id).toMatchObject({ message: 'Unknown plan' });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        headers: u.headers,
        payload: { plan_id: 'pro', user_email: u.user.email },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, amount: 1999, currency: 'usd', provider: 'sandbox' });
      expect(body.payment_intent_id).toMatch(/^pi_sbx_/);
      expect(body.client_secret).toContain(`${body.payment_intent_id}_secret_`);

      const alias = (await c.createIntent(u.headers, 'Professional')).json();
      expect(alias.amount).toBe(1999);
      expect((await c.createIntent(u.headers, 'business')).json().amount).toBe(4999);
      expect((await c.createIntent(u.headers, 'starter')).json().amount).toBe(999);
      const [row] = await db()
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, alias.payment_intent_id));
      expect(row).toMatchObject({
        userId: u.user.id,
        planId: 'pro',
        purpose: 'subscription',
        amountCents: 1999,
      });
    });

    it('refuses free, hidden and unknown plans, and anonymous callers', async () => {
      const u = await createTestUser(t.app);
      const free = await c.createIntent(u.headers, 'free');
      expect(free.statusCode).toBe(400);
      expect(free.json().error.message).toBe(PAYMENT_MESSAGES.freePlan);
      for (const plan of ['prepaid', 'platinum']) {
        const res = await c.createIntent(u.headers, plan);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(PAYMENT_MESSAGES.unknownPlan);
      }
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        headers: u.headers,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
      const anon = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        payload: { plan_id: 'pro' },
      });
      expect(anon.statusCode).toBe(401);
    });

    it('returns the first intent for a repeated Idempotency-Key, and 409 for the key on another plan', async () => {
      const u = await createTestUser(t.app);
      const first = await c.createIntent(u.headers, 'pro', 'create-key-0001');
      const again = await c.createIntent(u.headers, 'pro', 'create-key-0001');
      expect(again.json()).toEqual(first.json());
      const other = await c.createIntent(u.headers, 'basic', 'create-key-0001');
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toBe(PAYMENT_MESSAGES.idempotencyConflict);
      // Keys are per user: another user's same key is a new intent.
      const v = await createTestUser(t.app);
      const theirs = await c.createIntent(v.headers, 'pro', 'create-key-0001');
      expect(theirs.json().payment_intent_id).not.toBe(first.json().payment_intent_id);
      expect(
        await db().select().from(paymentIntents).where(eq(paymentIntents.userId, u.user.id)),
      ).toHaveLength(1);
      const short = await c.createIntent(u.headers, 'pro', 'short');
      expect(short.statusCode).toBe(400);
    });

    it('makes one intent when the same key arrives several times at once', async () => {
      const u = await createTestUser(t.app);
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => c.createIntent(u.headers, 'enterprise', 'create-key-race')),
      );
      expect(new Set(replies.map((r) => r.json().payment_intent_id)).size).toBe(1);
      expect(
        await db().select().from(paymentIntents).where(eq(paymentIntents.userId, u.user.id)),
      ).toHaveLength(1);
    });

    it('refuses a second payment for the plan already running (409)', async () => {
      const u = await createTestUser(t.app);
      await subscribe(t.app, u.headers, 'basic');
      const res = await c.createIntent(u.headers, 'basic');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PAYMENT_MESSAGES.alreadySubscribed);
    });
  });

  describe('sandbox card step', () => {
    it('4242 succeeds; the intent is then succeeded, with the card kept for renewals', async () => {
      const u = await createTestUser(t.app);
      const id = await newIntent(u);
      const res = await c.pay(u.headers, id, CARDS.visa);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, payment_intent_id: id, status: 'succeeded' });
      const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, id));
      expect(row).toMatchObject({
        status: 'succeeded',
        cardBrand: 'visa',
        cardLast4: '4242',
        providerPaymentMethodId: 'pm_card_visa',
        grantedAt: null,
      });
      // Paying again changes nothing.
      expect((await c.pay(u.headers, id, CARDS.declined)).json().status).toBe('succeeded');
    });

    it.each([
      ['declined', CARDS.declined, {}, 'card_declined'],
      ['insufficient funds', CARDS.insufficientFunds, {}, 'insufficient_funds'],
      ['expired card', CARDS.expired, {}, 'expired_card'],
      ['bad cvc', CARDS.badCvc, {}, 'incorrect_cvc'],
      ['an expiry in the past', CARDS.visa, { exp_month: 1, exp_year: 2020 }, 'expired_card'],
      ['a two-digit past year', CARDS.visa, { exp_month: 1, exp_year: 20 }, 'expired_card'],
      ['a number failing Luhn', CARDS.badLuhn, {}, 'incorrect_number'],
    ] as const)(
      "%s -> 402 with Stripe's message; the intent waits for another card",
      async (_name, number, over, code) => {
        const u = await createTestUser(t.app);
        const id = await newIntent(u);
        const res = await c.pay(u.headers, id, number, over);
        expect(res.statusCode).toBe(402);
        expect(res.json().error).toMatchObject({
          code,
          message: CARD_MESSAGES[code],
          details: { payment_intent_id: id, status: 'requires_payment_method' },
        });
        const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, id));
        expect(row).toMatchObject({ status: 'requires_payment_method', lastError: code });
        // Confirming now grants nothing.
        const confirm = await c.confirm(u.headers, id, 'pro');
        expect(confirm.statusCode).toBe(409);
        expect(confirm.json().error.message).toBe(PAYMENT_MESSAGES.notSucceeded);
        // A retry with a good card succeeds.
        expect((await c.pay(u.headers, id, CARDS.visa)).json().status).toBe('succeeded');
        expect((await c.confirm(u.headers, id, 'pro')).json().granted).toBe(true);
      },
    );

    it("refuses a malformed card, someone else's intent, and a wrong client secret", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const id = await newIntent(u);
      const bad = await c.pay(u.headers, id, '4242');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(CARD_MESSAGES.incorrect_number);
      expect((await c.pay(u.headers, id, CARDS.visa, { cvc: '12' })).statusCode).toBe(400);
      const theirs = await c.pay(other.headers, id, CARDS.visa);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.message).toBe(PAYMENT_MESSAGES.intentNotFound);
      const secret = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        headers: u.headers,
        payload: {
          payment_intent_id: id,
          client_secret: 'pi_x_secret_y',
          card: { number: CARDS.visa, exp_month: 1, exp_year: 2099, cvc: '123' },
        },
      });
      expect(secret.statusCode).toBe(404);
      expect((await c.pay(u.headers, 'pi_sbx_missing', CARDS.visa)).statusCode).toBe(404);
      const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, id));
      expect(row?.status).toBe('requires_payment_method');
    });
  });

  describe('confirm-payment', () => {
    it('grants the plan once: subscription, plan, ledger rows, notification; a second confirm grants nothing', async () => {
      const u = await createTestUser(t.app);
      const id = await newIntent(u, 'pro');
      expect((await c.pay(u.headers, id)).statusCode).toBe(200);
      const before = Date.now();
      const res = await c.confirm(u.headers, id, 'pro');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        granted: true,
        credits: null,
        subscription: {
          plan_id: 'pro',
          plan_name: 'Pro',
          status: 'active',
          amount: 1999,
          cancel_at_period_end: false,
          card: { brand: 'visa', last4: '4242' },
        },
      });
      const end = new Date(body.subscription.current_period_end).getTime();
      expect(end - new Date(body.subscription.current_period_start).getTime()).toBeGreaterThanOrEqual(
        28 * 86400_000,
      );
      expect(end).toBeGreaterThan(before);

      const state = await billingState(t.app, u.user.id);
      expect(state.plan).toBe('pro');
      expect(state.ledger.map((l) => l.kind)).toEqual(['payment', 'subscription_start']);
      expect(state.ledger[0]?.amountCents).toBe(1999);
      expect(state.notifications).toEqual([{ title: 'Welcome to Pro', severity: 'info' }]);

      const again = await c.confirm(u.headers, id, 'pro');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        granted: false,
        subscription: { plan_id: 'pro', status: 'active' },
      });
      expect(await billingState(t.app, u.user.id)).toEqual(state);
    });

    it('replays the first result for a repeated Idempotency-Key, and refuses the key for another intent', async () => {
      const u = await createTestUser(t.app);
      const id = await newIntent(u, 'basic');
      await c.pay(u.headers, id);
      const first = await c.confirm(u.headers, id, 'basic', 'confirm-key-01');
      expect(first.json().granted).toBe(true);
      const state = await billingState(t.app, u.user.id);
      const replay = await c.confirm(u.headers, id, 'basic', 'confirm-key-01');
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect((await c.confirm(u.headers, id, 'basic', 'confirm-key-02')).json().granted).toBe(false);
      const other = await c.confirm(u.headers, 'pi_sbx_other', undefined, 'confirm-key-01');
      expect(other.statusCode).toBe(409);
      expect(await billingState(t.app, u.user.id)).toEqual(state);
    });

    it('grants exactly once when confirms race', async () => {
      const u = await createTestUser(t.app);
      const id = await newIntent(u, 'pro');
      await c.pay(u.headers, id);
      const replies = await Promise.all(Array.from({ length: 6 }, () => c.confirm(u.headers, id, 'pro')));
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(replies.filter((r) => r.json().granted)).toHaveLength(1);
      const state = await billingState(t.app, u.user.id);
      expect(state.ledger.map((l) => l.kind)).toEqual(['payment', 'subscription_start']);
    });

    it("someone else's intent is not found (404), and grants them nothing", async () => {
      const u = await createTestUser(t.app);
      const thief = await createTestUser(t.app);
      const id = await newIntent(u, 'pro');
      await c.pay(u.headers, id);
      const res = await c.confirm(thief.headers, id, 'pro');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(PAYMENT_MESSAGES.intentNotFound);
      expect((await billingState(t.app, thief.user.id)).plan).toBe('free');
      // The owner still gets what they paid for.
      expect((await c.confirm(u.headers, id, 'pro')).json().granted).toBe(true);
      expect((await c.confirm(u.headers, 'pi_sbx_nothing', 'pro')).statusCode).toBe(404);
    });

    it('confirming for another plan than the one paid for fails (400) and grants nothing', async () => {
      const u = await createTestUser(t.app);
      const id = await newIntent(u, 'basic');
      await c.pay(u.headers, id);
      for (const plan of ['enterprise', 'pro', 'free']) {
        const res = await c.confirm(u.headers, id, plan);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(PAYMENT_MESSAGES.planMismatch);
      }
      const state = await billingState(t.app, u.user.id);
      expect(state).toMatchObject({ plan: 'free', ledger: [], subscription: null });
      // An alias of the plan paid for is the same plan.
      expect((await c.confirm(u.headers, id, 'starter')).json().granted).toBe(true);
    });

    it('an amount that differs from the catalogue price is never granted', async () => {
      const u = await createTestUser(t.app);
      const id = await newIntent(u, 'enterprise');
      // The sandbox is the provider: a paid amount other than the price (as if tampered with).
      await db().update(paymentIntents).set({ amountCents: 1 }).where(eq(paymentIntents.id, id));
      await c.pay(u.headers, id);
      const res = await c.confirm(u.headers, id, 'enterprise');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PAYMENT_MESSAGES.amountMismatch);
      expect(await billingState(t.app, u.user.id)).toMatchObject({ plan: 'free', ledger: [] });
    });

    it('without plan_id grants a credits intent: balance, prepaid plan, ledger; once', async () => {
      const u = await createTestUser(t.app);
      const payments = paymentsServiceFor(t.app.ctx);
      const intent = await payments.createIntent({
        userId: u.user.id,
        email: u.user.email,
        purpose: 'credits',
        packageId: 'standard',
        idempotencyKey: 'credits-key-1',
      });
      expect(intent).toMatchObject({
        amountCents: 2000,
        credits: 20,
        packageId: 'standard',
        provider: 'sandbox',
      });
      // The same key gives the same intent.
      expect(
        (
          await payments.createIntent({
            userId: u.user.id,
            email: u.user.email,
            purpose: 'credits',
            packageId: 'standard',
            idempotencyKey: 'credits-key-1',
          })
        ).id,
      ).toBe(intent.id);
      await c.pay(u.headers, intent.id);
      // A plan_id on a credits intent is a mismatch.
      expect((await c.confirm(u.headers, intent.id, 'pro')).statusCode).toBe(400);
      const res = await c.confirm(u.headers, intent.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        granted: true,
        subscription: null,
        credits: { balance: 20, totalPurchased: 20, totalUsed: 0, unlimited: false, role: 'user' },
      });
      const state = await billingState(t.app, u.user.id);
      expect(state.plan).toBe('prepaid');
      expect(state.ledger).toEqual([
        { kind: 'payment', amountCents: 2000, credits: 0 },
        { kind: 'credit_purchase', amountCents: 0, credits: 20 * MICROS_PER_CREDIT },
      ]);
      expect((await c.confirm(u.headers, intent.id)).json()).toMatchObject({
        granted: false,
        credits: { balance: 20 },
      });
      const [account] = await db().select().from(creditAccounts).where(eq(creditAccounts.userId, u.user.id));
      expect(account?.balanceMicros).toBe(20 * MICROS_PER_CREDIT);
    });

    it('credits bought during a paid subscription keep the plan', async () => {
      const u = await createTestUser(t.app);
      await subscribe(t.app, u.headers, 'pro');
      const intent = await paymentsServiceFor(t.app.ctx).createIntent({
        userId: u.user.id,
        email: u.user.email,
        purpose: 'credits',
        packageId: 'starter',
      });
      await c.pay(u.headers, intent.id);
      expect((await c.confirm(u.headers, intent.id)).json().credits.balance).toBe(5);
      expect((await billingState(t.app, u.user.id)).plan).toBe('pro');
    });

    it('createIntent for credits refuses an unknown package and an amount other than the price', async () => {
      const u = await createTestUser(t.app);
      const payments = paymentsServiceFor(t.app.ctx);
      const base = { userId: u.user.id, email: u.user.email, purpose: 'credits' as const };
      await expect(payments.createIntent({ ...base, packageId: 'gold' })).rejects.toMatchObject({
        statusCode: 400,
        message: CREDIT_MESSAGES.invalidPackage,
      });
      await expect(
        payments.createIntent({ ...base, packageId: 'basic', amountCents: 1 }),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: PAYMENT_MESSAGES.amountMismatch,
      });
      expect(
        (await payments.createIntent({ ...base, packageId: 'basic', amountCents: 1000 })).amountCents,
      ).toBe(1000);
    });

    it('upgrading while active starts a new period at the new price', async () => {
      const u = await createTestUser(t.app);
      await subscribe(t.app, u.headers, 'basic');
      t.clock.advance(10 * 86400_000);
      const { tokenFor } = await import('../../../../test/users.fixture');
      u.headers.authorization = `Bearer ${await tokenFor(t.app, u.user)}`;
      await subscribe(t.app, u.headers, 'pro');
      const status = (await c.status(u.headers)).json();
      expect(status).toMatchObject({
        has_active_subscription: true,
        billing: { current_plan: 'pro', total_spent: 999 + 1999 },
        subscription: { plan_id: 'pro', amount: 1999 },
      });
      expect(new Date(status.subscription.current_period_start).getTime()).toBeGreaterThan(
        Date.now() + 9 * 86400_000,
      );
    });
  });

  describe('subscription status, cancel, resume', () => {
    it('reports free with nothing spent, then the plan, the next billing date and the total', async () => {
      const u = await createTestUser(t.app);
      expect((await c.status(u.headers)).json()).toEqual({
        has_active_subscription: false,
        billing: { current_plan: 'free', next_billing_date: null, total_spent: 0 },
        subscription: null,
      });
      await subscribe(t.app, u.headers, 'pro');
      const body = (await c.status(u.headers)).json();
      expect(body).toMatchObject({
        has_active_subscription: true,
        billing: { current_plan: 'pro', total_spent: 1999 },
        subscription: { plan_id: 'pro', status: 'active' },
      });
      expect(body.billing.next_billing_date).toBe(body.subscription.current_period_end);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/payments/subscription-status' })).statusCode,
      ).toBe(401);
    });

    it('cancels at period end and resumes; each change is a notification', async () => {
      const u = await createTestUser(t.app);
      expect((await c.cancel(u.headers)).statusCode).toBe(404);
      expect((await c.resume(u.headers)).json().error.message).toBe(PAYMENT_MESSAGES.noSubscription);
      await subscribe(t.app, u.headers, 'basic');

      const cancelled = await c.cancel(u.headers);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
      const status = (await c.status(u.headers)).json();
      expect(status).toMatchObject({
        has_active_subscription: true,
        billing: { current_plan: 'basic', next_billing_date: null },
      });
      // Cancelling twice is harmless.
      expect((await c.cancel(u.headers)).json().subscription.cancel_at_period_end).toBe(true);

      const resumed = await c.resume(u.headers);
      expect(resumed.json().subscription.cancel_at_period_end).toBe(false);
      expect((await c.status(u.headers)).json().billing.next_billing_date).toBe(
        resumed.json().subscription.current_period_end,
      );
      expect((await billingState(t.app, u.user.id)).notifications.map((n) => n.title)).toEqual([
        'Welcome to Basic',
        'Subscription cancelled',
        'Subscription resumed',
      ]);
    });
  });

  describe('history and receipts', () => {
    it("lists payments newest first (with failed attempts) and serves receipts of the caller's own", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const failed = await newIntent(u, 'basic');
      await c.pay(u.headers, failed, CARDS.declined);
      await newIntent(u, 'basic'); // never paid: not a payment
      t.clock.advance(1000);
      const paid = await subscribe(t.app, u.headers, 'pro');

      const res = await c.history(u.headers);
      expect(res.statusCode).toBe(200);
      const list = res.json().payments;
      expect(list.map((p: { id: string }) => p.id)).toEqual([paid, failed]);
      expect(list[0]).toMatchObject({
        description: 'Pro plan, monthly subscription',
        amount: 1999,
        currency: 'usd',
        status: 'succeeded',
        purpose: 'subscription',
        plan_id: 'pro',
        package_id: null,
        card: { brand: 'visa', last4: '4242' },
      });
      expect(list[1]).toMatchObject({ status: 'requires_payment_method', card: null });
      expect((await c.history(other.headers)).json().payments).toEqual([]);

      const receipt = await c.receipt(u.headers, paid);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.json().receipt).toMatchObject({
        id: paid,
        amount: 1999,
        provider: 'sandbox',
        customer: { name: 'Test User', email: u.user.email },
      });
      expect(receipt.json().receipt.receipt_number).toMatch(/^STR-\d{8}-[A-Z0-9_-]{8}$/);
      expect((await c.receipt(other.headers, paid)).statusCode).toBe(404);
      expect((await c.receipt(u.headers, failed)).statusCode).toBe(404);
      expect((await c.receipt(u.headers, 'pi_nope')).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/payments/history?limit=0', headers: u.headers }))
          .statusCode,
      ).toBe(400);
    });
  });

  it('the sandbox takes no webhooks: 400, nothing recorded', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.webhookSignature);
  });
});
