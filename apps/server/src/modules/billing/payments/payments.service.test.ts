import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-app';
import type { Database } from '../../../db/client';
import { billingLedger, paymentIntents, subscriptions } from '../../../db/schema/index';
import { NotificationsService } from '../../notifications/notifications.service';
import { UsersRepository } from '../../users/users.repository';
import type {
  ChargeResult,
  ChargeSavedInput,
  CreateProviderIntent,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
} from './payment-provider';
import { PaymentsService } from './payments.service';
import { SubscriptionsService } from './subscriptions.service';

/** A provider whose answers the test scripts; it records what it was asked. */
class FakeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  intents = new Map<string, ProviderIntent>();
  failNext: Error | null = null;
  chargeAnswer: (input: ChargeSavedInput) => Promise<ChargeResult> = async (input) => ({
    ok: true,
    intent: this.intent({ id: `pi_r_${randomUUID()}`, status: 'succeeded', amountCents: input.amountCents }),
  });
  charges: ChargeSavedInput[] = [];

  intent(over: Partial<ProviderIntent>): ProviderIntent {
    return {
      id: `pi_${randomUUID()}`,
      clientSecret: 'secret',
      status: 'requires_payment_method',
      amountCents: 0,
      currency: 'usd',
      customerId: 'cus_fake',
      paymentMethodId: null,
      card: null,
      metadata: {},
      lastError: null,
      ...over,
    };
  }
  clientConfig() {
    return { publishableKey: 'pk_test_fake', testMode: true, available: true };
  }
  private maybeFail() {
    const err = this.failNext;
    this.failNext = null;
    if (err) throw err;
  }
  async createIntent(input: CreateProviderIntent) {
    this.maybeFail();
    const pi = this.intent({
      amountCents: input.amountCents,
      metadata: {
        user_id: input.userId,
        purpose: input.purpose,
        ...(input.planId ? { plan_id: input.planId } : {}),
      },
    });
    this.intents.set(pi.id, pi);
    return pi;
  }
  async retrieveIntent(id: string) {
    this.maybeFail();
    return this.intents.get(id) ?? null;
  }
  async chargeSaved(input: ChargeSavedInput) {
    this.charges.push(input);
    return this.chargeAnswer(input);
  }
  parseWebhook(): ProviderEvent {
    throw new Error('not used');
  }
}

describe('PaymentsService and SubscriptionsService with a fake provider', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const clock = { now: () => new Date('2031-03-10T12:00:00Z') };
  const log = { warn: () => {}, info: () => {} };
  let provider: FakeProvider;
  let payments: PaymentsService;
  let _subs: SubscriptionsService;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    provider = new FakeProvider();
    const notifications = new NotificationsService(database.db, clock);
    const deps = { db: database.db, clock, provider, notifications, log };
    payments = new PaymentsService({ ...deps, providerName: 'stripe' });
    _subs = new SubscriptionsService({ ...deps, graceDays: 7 });
  });
  afterAll(() => dispose());

  const newUser = async () =>
    new UsersRepository(database.db).insert({
      email: `svc-${randomUUID().slice(0, 8)}@example.test`,
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'active',
    });
  const ledgerOf = (userId: string) =>
    database.db.select().from(billingLedger).where(eq(billingLedger.userId, userId));
  const subscribeUser = async (userId: string, email: string) => {
    const intent = await payments.createIntent({ userId, email, purpose: 'subscription', planId: 'basic' });
    const pi = provider.intents.get(intent.id);
    if (!pi) throw new Error('no intent');
    Object.assign(pi, {
      status: 'succeeded',
      paymentMethodId: 'pm_saved',
      card: { brand: 'visa', last4: '1111' },
    });
    expect((await payments.confirmPayment(userId, { payment_intent_id: intent.id }, null)).granted).toBe(
      true,
    );
    return intent;
  };

  /** The renewal service a month later (the subscriptions above started on 2031-03-10). */
  const renewalsAt = (iso: string) => {
    const later = { now: () => new Date(iso) };
    const notifications = new NotificationsService(database.db, later);
    return new SubscriptionsService({
      db: database.db,
      clock: later,
      provider,
      notifications,
      log,
      graceDays: 7,
    });
  };

  it('a provider failure while creating stores nothing', async () => {
    const u = await newUser();
    provider.failNext = new Error('connection reset');
    await expect(
      payments.createIntent({ userId: u.id, email: u.email, purpose: 'subscription', planId: 'pro' }),
    ).rejects.toThrow('connection reset');
    expect(await database.db.select().from(paymentIntents).where(eq(paymentIntents.userId, u.id))).toEqual(
      [],
    );
  });

  it('a provider failure during the grant rolls everything back; the next confirm grants', async () => {
    const u = await newUser();
    const intent = await payments.createIntent({
      userId: u.id,
      email: u.email,
      purpose: 'subscription',
      planId: 'pro',
    });
    const pi = provider.intents.get(intent.id) as ProviderIntent;
    Object.assign(pi, { status: 'succeeded', paymentMethodId: 'pm_saved' });
    provider.failNext = new Error('provider unreachable');
    await expect(
      payments.confirmPayment(u.id, { payment_intent_id: intent.id, plan_id: 'pro' }, 'k-unreachable'),
    ).rejects.toThrow('provider unreachable');
    expect(await ledgerOf(u.id)).toEqual([]);
    const [row] = await database.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id));
    expect(row?.grantedAt).toBeNull();
    const ok = await payments.confirmPayment(
      u.id,
      { payment_intent_id: intent.id, plan_id: 'pro' },
      'k-unreachable',
    );
    expect(ok).toMatchObject({ granted: true, subscription: { plan_id: 'pro' } });
  });

  it('reports the provider status when it is not succeeded', async () => {
    const u = await newUser();
    const intent = await payments.createIntent({
      userId: u.id,
      email: u.email,
      purpose: 'credits',
      packageId: 'starter',
    });
    (provider.intents.get(intent.id) as ProviderIntent).status = 'processing';
    await expect(payments.confirmPayment(u.id, { payment_intent_id: intent.id }, null)).rejects.toMatchObject(
      {
        statusCode: 409,
        message: PAYMENT_MESSAGES.notSucceeded,
        details: { status: 'processing' },
      },
    );
  });

  it('renewal: one user whose charge throws is rolled back and retried; the others renew', async () => {
    const a = await newUser();
    const b = await newUser();
    await subscribeUser(a.id, a.email);
    await subscribeUser(b.id, b.email);
    const run = renewalsAt('2031-04-11T12:00:00Z');
    const normal = provider.chargeAnswer;
    provider.chargeAnswer = async (input) => {
      if (input.userId === a.id) throw new Error('timeout');
      return normal(input);
    };
    const summary = await run.renewDue();
    expect(summary).toMatchObject({ renewed: 2, errors: 1, failed: 0 });
    const [subA] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, a.id));
    expect(subA).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect(provider.charges.find((c) => c.userId === b.id)).toMatchObject({
      paymentMethodId: 'pm_saved',
      customerId: 'cus_fake',
      amountCents: 999,
      planId: 'basic',
    });
    const keyA = provider.charges.find((c) => c.userId === a.id)?.idempotencyKey;
    expect(keyA).toMatch(/^renew:.+:2031-04-10T12:00:00.000Z:0$/);

    provider.chargeAnswer = normal;
    expect(await run.renewDue()).toMatchObject({ renewed: 1, errors: 0 });
    // The retry used the same idempotency key, so a charge that did go through is not repeated.
    expect(provider.charges.filter((c) => c.userId === a.id).map((c) => c.idempotencyKey)).toEqual([
      keyA,
      keyA,
    ]);
    expect(await run.renewDue()).toMatchObject({ renewed: 0, errors: 0 });
  });

  it('a declined renewal records the decline with the provider message', async () => {
    const u = await newUser();
    await subscribeUser(u.id, u.email);
    const run = renewalsAt('2031-04-11T12:00:00Z');
    const normal = provider.chargeAnswer;
    provider.chargeAnswer = async () => ({
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      intent: null,
    });
    await run.renewOne(u.id);
    provider.chargeAnswer = normal;
    const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(sub).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    const past = (await ledgerOf(u.id)).find((l) => l.kind === 'subscription_past_due');
    expect(past?.description).toContain('insufficient funds');
    expect(past?.metadata).toMatchObject({ code: 'insufficient_funds' });
  });

  it('config reports the provider; without one every money call is 503', async () => {
    expect(payments.config()).toEqual({
      success: true,
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      testMode: true,
      available: true,
      currency: 'usd',
    });
    const none = new PaymentsService({
      db: database.db,
      clock,
      provider: null,
      providerName: 'stripe',
      notifications: new NotificationsService(database.db, clock),
      log,
    });
    expect(none.config()).toMatchObject({ available: false, publishableKey: null, testMode: false });
    const u = await newUser();
    await expect(
      none.createIntent({ userId: u.id, email: u.email, purpose: 'credits', packageId: 'basic' }),
    ).rejects.toMatchObject({
      statusCode: 503,
      message: PAYMENT_MESSAGES.stripeUnavailable,
    });
  });
});
