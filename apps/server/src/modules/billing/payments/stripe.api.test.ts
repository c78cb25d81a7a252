import type { AddressInfo } from 'node:net';
import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn, stripeEnv } from '../../../../test/stripe-standin';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser, tokenFor } from '../../../../test/users.fixture';
import { paymentIntents, subscriptions, webhookEvents } from '../../../db/schema/index';
import { paymentsServiceFor } from './payments.factory';
import { billingState, paymentsClient } from './payments.test-helpers';
import { RENEW_SUBSCRIPTIONS_JOB } from './renew-subscriptions.job';

const HOUR = 60 * 60 * 1000;

describe('payments with the Stripe adapter (against a local Stripe stand-in)', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(stripeEnv(stripe));
    c = paymentsClient(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const db = () => t.app.ctx.database.db;
  const createIntent = async (u: TestUser, plan: string) => {
    const res = await c.createIntent(u.headers, plan);
    expect(res.statusCode).toBe(200);
    return res.json() as { payment_intent_id: string; client_secret: string; amount: number };
  };
  const creditsIntent = (u: TestUser, packageId: string) =>
    paymentsServiceFor(t.app.ctx).createIntent({
      userId: u.user.id,
      email: u.user.email,
      purpose: 'credits',
      packageId,
    });
  const deliver = (hook: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: hook.headers,
      payload: hook.payload,
    });
  const intentAtStripe = (id: string) => {
    const pi = stripe.intents.get(id);
    if (!pi) throw new Error(`stand-in has no ${id}`);
    return pi;
  };

  it('GET /payments/config gives the publishable key, test mode and availability', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({
      success: true,
      provider: 'stripe',
      publishableKey: stripe.publishableKey,
      testMode: true,
      available: true,
      currency: 'usd',
    });
  });

  it('creates the intent at Stripe on a customer, for off-session reuse, and mirrors it', async () => {
    const u = await createTestUser(t.app);
    const created = await createIntent(u, 'pro');
    const pi = intentAtStripe(created.payment_intent_id);
    expect(pi).toMatchObject({
      amount: 1999,
      currency: 'usd',
      setup_future_usage: 'off_session',
      status: 'requires_payment_method',
      metadata: { user_id: u.user.id, purpose: 'subscription', plan_id: 'pro' },
      receipt_email: u.user.email,
    });
    expect(created.client_secret).toBe(pi.client_secret);
    expect(stripe.customers.get(pi.customer as string)).toMatchObject({
      email: u.user.email,
      metadata: { user_id: u.user.id },
    });
    const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, pi.id));
    expect(row).toMatchObject({
      provider: 'stripe',
      userId: u.user.id,
      amountCents: 1999,
      providerCustomerId: pi.customer,
    });

    // The next intent reuses the customer (saved cards live there).
    const second = await createIntent(u, 'basic');
    expect(intentAtStripe(second.payment_intent_id).customer).toBe(pi.customer);
    expect(stripe.customers.size).toBeGreaterThanOrEqual(1);
    // The sandbox card step does not exist with Stripe.
    const sandbox = await c.pay(u.headers, pi.id);
    expect(sandbox.statusCode).toBe(404);
    expect(sandbox.json().error.message).toBe(PAYMENT_MESSAGES.sandboxOnly);
  });

  it('forwards the Idempotency-Key to Stripe: a repeated create makes one intent', async () => {
    const u = await createTestUser(t.app);
    const before = stripe.intents.size;
    const a = await c.createIntent(u.headers, 'pro', 'stripe-create-01');
    const b = await c.createIntent(u.headers, 'pro', 'stripe-create-01');
    expect(b.json().payment_intent_id).toBe(a.json().payment_intent_id);
    expect(stripe.intents.size).toBe(before + 1);
    const sent = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.body.metadata);
    expect(sent.at(-1)?.idempotencyKey).toBe(`intent:${u.user.id}:stripe-create-01`);
  });

  it('confirm-payment re-reads the intent at Stripe: unpaid -> 409, paid -> granted once with the card', async () => {
    const u = await createTestUser(t.app);
    const { payment_intent_id: id } = await createIntent(u, 'pro');
    const early = await c.confirm(u.headers, id, 'pro');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(PAYMENT_MESSAGES.notSucceeded);

    // What Stripe.js does in the browser with a declined card, then a good one.
    stripe.confirmWithPaymentMethod(id, 'pm_card_chargeDeclined');
    expect((await c.confirm(u.headers, id, 'pro')).statusCode).toBe(409);
    stripe.confirmWithPaymentMethod(id, 'pm_card_visa');

    const res = await c.confirm(u.headers, id, 'pro');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      granted: true,
      subscription: {
        plan_id: 'pro',
        status: 'active',
        amount: 1999,
        card: { brand: 'visa', last4: '4242' },
      },
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
    expect(sub).toMatchObject({
      provider: 'stripe',
      providerCustomerId: intentAtStripe(id).customer,
      providerPaymentMethodId: 'pm_card_visa',
    });
    expect((await c.confirm(u.headers, id, 'pro')).json().granted).toBe(false);
    expect((await billingState(t.app, u.user.id)).ledger.map((l) => l.kind)).toEqual([
      'payment',
      'subscription_start',
    ]);
  });

  it('refuses what Stripe says differently from our record: amount, owner', async () => {
    const u = await createTestUser(t.app);
    const tampered = (await createIntent(u, 'enterprise')).payment_intent_id;
    intentAtStripe(tampered).amount = 100;
    stripe.confirmWithPaymentMethod(tampered, 'pm_card_visa');
    const res = await c.confirm(u.headers, tampered, 'enterprise');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.amountMismatch);

    const foreign = (await createIntent(u, 'basic')).payment_intent_id;
    intentAtStripe(foreign).metadata.user_id = crypto.randomUUID();
    stripe.confirmWithPaymentMethod(foreign, 'pm_card_visa');
    expect((await c.confirm(u.headers, foreign, 'basic')).statusCode).toBe(404);
    expect(await billingState(t.app, u.user.id)).toMatchObject({ plan: 'free', ledger: [] });
  });

  describe('webhook', () => {
    it('payment_intent.succeeded grants a credits intent once; redeliveries and later confirms change nothing', async () => {
      const u = await createTestUser(t.app);
      const intent = await creditsIntent(u, 'premium');
      expect(intentAtStripe(intent.id)).toMatchObject({
        amount: 5000,
        metadata: { purpose: 'credits', package_id: 'premium' },
      });
      const paid = stripe.confirmWithPaymentMethod(intent.id, 'pm_card_visa');

      const hook = stripe.webhook('payment_intent.succeeded', paid);
      const res = await deliver(hook);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
      const state = await billingState(t.app, u.user.id);
      expect(state.plan).toBe('prepaid');
      expect(state.ledger.map((l) => l.kind)).toEqual(['payment', 'credit_purchase']);

      // Stripe retries the same event: recognised, nothing changes.
      expect((await deliver(hook)).json()).toEqual({ received: true, duplicate: true });
      // Another event about the same intent: handled, grants nothing.
      expect((await deliver(stripe.webhook('payment_intent.succeeded', paid))).json().duplicate).toBe(false);
      // The client's confirm afterwards grants nothing either.
      const confirm = await c.confirm(u.headers, intent.id);
      expect(confirm.json()).toMatchObject({ granted: false, credits: { balance: 50 } });
      expect(await billingState(t.app, u.user.id)).toEqual(state);
    });

    it('a bad signature answers 400 and changes nothing', async () => {
      const u = await createTestUser(t.app);
      const intent = await creditsIntent(u, 'starter');
      const paid = stripe.confirmWithPaymentMethod(intent.id, 'pm_card_visa');
      const before = await billingState(t.app, u.user.id);
      const events = async () => (await db().select().from(webhookEvents)).length;
      const eventsBefore = await events();

      const wrongSecret = stripe.webhook('payment_intent.succeeded', paid, { secret: 'whsec_not_ours' });
      const good = stripe.webhook('payment_intent.succeeded', paid);
      const tamperedBody = { ...good, payload: good.payload.replace('"amount":500', '"amount":5') };
      const noHeader = { payload: good.payload, headers: { 'content-type': 'application/json' } };
      const garbage = { ...good, headers: { ...good.headers, 'stripe-signature': 'nonsense' } };
      for (const hook of [wrongSecret, tamperedBody, noHeader, garbage]) {
        const res = await deliver(hook);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(PAYMENT_MESSAGES.webhookSignature);
      }
      expect(await billingState(t.app, u.user.id)).toEqual(before);
      expect(await events()).toBe(eventsBefore);
    });

    it('is delivered over real HTTP with the raw body intact, and ignores events it does not act on', async () => {
      const u = await createTestUser(t.app);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const intent = await creditsIntent(u, 'basic');
      const paid = stripe.confirmWithPaymentMethod(intent.id, 'pm_card_visa');
      const hook = stripe.webhook('payment_intent.succeeded', paid);
      const res = await fetch(`http://127.0.0.1:${port}/api/payments/webhook`, {
        method: 'POST',
        headers: hook.headers,
        body: hook.payload,
      });
      expect(res.status).toBe(200);
      expect((await billingState(t.app, u.user.id)).ledger.map((l) => l.kind)).toEqual([
        'payment',
        'credit_purchase',
      ]);

      const other = stripe.webhook('customer.created', { id: 'cus_x', object: 'customer' });
      expect((await deliver(other)).json()).toEqual({ received: true, duplicate: false });
      // A payment of an intent we never made is recorded and ignored.
      const unknown = stripe.webhook('payment_intent.succeeded', { ...paid, id: 'pi_not_ours' });
      expect((await deliver(unknown)).statusCode).toBe(200);
    });

    it('payment_intent.payment_failed records the card error on the mirror', async () => {
      const u = await createTestUser(t.app);
      const { payment_intent_id: id } = await createIntent(u, 'basic');
      const failed = stripe.confirmWithPaymentMethod(id, 'pm_card_chargeDeclinedInsufficientFunds');
      expect((await deliver(stripe.webhook('payment_intent.payment_failed', failed))).statusCode).toBe(200);
      const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, id));
      expect(row).toMatchObject({
        status: 'requires_payment_method',
        lastError: 'insufficient_funds',
        grantedAt: null,
      });
    });
  });

  describe('renewals charge the saved card off session', () => {
    const subscribeWith = async (u: TestUser, paymentMethod: string) => {
      const { payment_intent_id: id } = await createIntent(u, 'basic');
      stripe.confirmWithPaymentMethod(id, paymentMethod);
      expect((await c.confirm(u.headers, id, 'basic')).json().granted).toBe(true);
    };
    const periodEnd = async (u: TestUser) =>
      new Date(
        (await db().select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)))[0]
          ?.currentPeriodEnd as Date,
      ).getTime();

    it('success extends the period; a failing card makes it past due', async () => {
      const good = await createTestUser(t.app);
      const bad = await createTestUser(t.app);
      await subscribeWith(good, 'pm_card_visa');
      await subscribeWith(bad, 'pm_card_chargeCustomerFail');
      const end = Math.max(await periodEnd(good), await periodEnd(bad));
      t.clock.advance(end - t.clock.now().getTime() + HOUR);
      good.headers.authorization = `Bearer ${await tokenFor(t.app, good.user)}`;

      expect(await t.app.ctx.jobs.runNow(RENEW_SUBSCRIPTIONS_JOB)).toBe(true);

      const offSession = stripe.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.body.off_session === 'true',
      );
      const goodCharge = offSession.find(
        (r) => (r.body.metadata as Record<string, string>).user_id === good.user.id,
      );
      expect(goodCharge?.body).toMatchObject({
        amount: '999',
        confirm: 'true',
        payment_method: 'pm_card_visa',
      });
      expect(goodCharge?.idempotencyKey).toMatch(/^renew:/);
      expect((await billingState(t.app, good.user.id)).subscription).toMatchObject({ status: 'active' });
      expect(await periodEnd(good)).toBeGreaterThan(t.clock.now().getTime());
      const history = (await c.history(good.headers)).json().payments;
      expect(history[0]).toMatchObject({ purpose: 'renewal', status: 'succeeded', card: { last4: '4242' } });

      const failed = await billingState(t.app, bad.user.id);
      expect(failed.subscription).toMatchObject({ status: 'past_due', failedAttempts: 1 });
      expect(failed.plan).toBe('basic');
      expect(failed.ledger.at(-1)?.kind).toBe('subscription_past_due');
    });
  });
});

describe('Stripe chosen without keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER: 'stripe' });
  });
  afterAll(() => t.close());

  it('says so in the config and answers money calls with 503', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toMatchObject({ provider: 'stripe', available: false, publishableKey: null });
    const u = await createTestUser(t.app);
    const c = paymentsClient(t.app);
    for (const res of [
      await c.createIntent(u.headers, 'pro'),
      await c.confirm(u.headers, 'pi_x', 'pro'),
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(PAYMENT_MESSAGES.stripeUnavailable);
    }
    // Reading what exists still works.
    expect((await c.status(u.headers)).statusCode).toBe(200);
  });
});
