import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser, tokenFor } from '../../../../test/users.fixture';
import { subscriptions } from '../../../db/schema/index';
import { billingState, CARDS, paymentsClient, subscribe } from './payments.test-helpers';
import { RENEW_SUBSCRIPTIONS_JOB } from './renew-subscriptions.job';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('subscription renewals (billing.renew-subscriptions, sandbox)', () => {
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    t = await createTestApp({ BILLING_GRACE_DAYS: '7' });
    c = paymentsClient(t.app);
  });
  afterAll(() => t.close());

  const runJob = async () => expect(await t.app.ctx.jobs.runNow(RENEW_SUBSCRIPTIONS_JOB)).toBe(true);
  const sub = async (userId: string) =>
    (await t.app.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  /** Moves the clock to just after the user's period end, and refreshes every given user's token. */
  const advance = async (ms: number, ...users: TestUser[]) => {
    t.clock.advance(ms);
    for (const u of users) u.headers.authorization = `Bearer ${await tokenFor(t.app, u.user)}`;
  };
  const untilPeriodEnd = async (u: TestUser) => {
    const s = await sub(u.user.id);
    return new Date(s?.currentPeriodEnd as Date).getTime() - t.clock.now().getTime();
  };

  it('is registered as an hourly job', () => {
    expect(t.app.ctx.jobs.names()).toContain(RENEW_SUBSCRIPTIONS_JOB);
  });

  it('charges the saved card when the period ends, extends it a month, and records it', async () => {
    const u = await createTestUser(t.app);
    const paid = await subscribe(t.app, u.headers, 'pro');
    const first = await sub(u.user.id);

    // Not due yet: nothing happens.
    await runJob();
    expect((await billingState(t.app, u.user.id)).ledger).toHaveLength(2);

    await advance((await untilPeriodEnd(u)) + HOUR, u);
    await runJob();
    const renewed = await sub(u.user.id);
    expect(renewed).toMatchObject({ status: 'active', failedAttempts: 0, pastDueSince: null });
    expect(new Date(renewed?.currentPeriodStart as Date).getTime()).toBe(
      new Date(first?.currentPeriodEnd as Date).getTime(),
    );
    expect(new Date(renewed?.currentPeriodEnd as Date).getTime()).toBeGreaterThan(
      t.clock.now().getTime() + 27 * DAY,
    );

    const state = await billingState(t.app, u.user.id);
    expect(state.plan).toBe('pro');
    expect(state.ledger.map((l) => l.kind)).toEqual([
      'payment',
      'subscription_start',
      'payment',
      'subscription_renewal',
    ]);
    expect(state.notifications.map((n) => n.title)).toEqual(['Welcome to Pro', 'Subscription renewed']);
    const status = (await c.status(u.headers)).json();
    expect(status.billing.total_spent).toBe(2 * 1999);
    const history = (await c.history(u.headers)).json().payments;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      purpose: 'renewal',
      status: 'succeeded',
      amount: 1999,
      description: 'Pro plan, monthly renewal',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(history[1].id).toBe(paid);

    // A second run in the same hour charges nothing more.
    await runJob();
    expect((await billingState(t.app, u.user.id)).ledger).toHaveLength(4);
  });

  it('a failing card: past due (plan kept), retried daily, back to free after the grace period', async () => {
    const u = await createTestUser(t.app);
    await subscribe(t.app, u.headers, 'basic', CARDS.failsLater);
    await advance((await untilPeriodEnd(u)) + HOUR, u);
    await runJob();
    let s = await sub(u.user.id);
    expect(s).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    let state = await billingState(t.app, u.user.id);
    expect(state.plan).toBe('basic');
    expect(state.ledger.map((l) => l.kind)).toEqual([
      'payment',
      'subscription_start',
      'subscription_past_due',
    ]);
    expect(state.notifications.at(-1)).toEqual({ title: 'Payment failed', severity: 'warning' });
    expect((await c.status(u.headers)).json()).toMatchObject({
      has_active_subscription: true,
      subscription: { status: 'past_due' },
    });

    // Within the day: no retry.
    await advance(12 * HOUR, u);
    await runJob();
    expect((await sub(u.user.id))?.failedAttempts).toBe(1);
    // A day after the failure: one retry (which fails again).
    await advance(12 * HOUR + HOUR, u);
    await runJob();
    expect((await sub(u.user.id))?.failedAttempts).toBe(2);
    await runJob();
    expect((await sub(u.user.id))?.failedAttempts).toBe(2);

    // Seven days after the first failure: the Free plan.
    await advance(6 * DAY, u);
    await runJob();
    s = await sub(u.user.id);
    expect(s).toMatchObject({ status: 'canceled' });
    state = await billingState(t.app, u.user.id);
    expect(state.plan).toBe('free');
    expect(state.ledger.at(-1)?.kind).toBe('subscription_end');
    expect(state.ledger.filter((l) => l.kind === 'payment')).toHaveLength(1);
    expect(state.notifications.at(-1)).toEqual({ title: 'Subscription ended', severity: 'critical' });
    expect((await c.status(u.headers)).json()).toMatchObject({
      has_active_subscription: false,
      billing: { current_plan: 'free', next_billing_date: null, total_spent: 999 },
      subscription: null,
    });
    const failures = (await c.history(u.headers))
      .json()
      .payments.filter((p: { purpose: string }) => p.purpose === 'renewal');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[0]).toMatchObject({ status: 'requires_payment_method' });

    // Later runs leave the ended subscription alone.
    await advance(40 * DAY, u);
    await runJob();
    expect((await billingState(t.app, u.user.id)).ledger).toEqual(state.ledger);
  });

  it('a past-due subscription paid again with a new card is active again', async () => {
    const u = await createTestUser(t.app);
    await subscribe(t.app, u.headers, 'basic', CARDS.failsLater);
    await advance((await untilPeriodEnd(u)) + HOUR, u);
    await runJob();
    expect((await sub(u.user.id))?.status).toBe('past_due');
    // Paying the plan again (the upgrade page) replaces the card and starts a new period.
    await subscribe(t.app, u.headers, 'basic', CARDS.visa);
    expect(await sub(u.user.id)).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      pastDueSince: null,
      cardLast4: '4242',
    });
    await advance((await untilPeriodEnd(u)) + HOUR, u);
    await runJob();
    expect((await sub(u.user.id))?.status).toBe('active');
  });

  it('cancelled at period end: no charge, then the Free plan; resumed in time: renewed', async () => {
    const cancels = await createTestUser(t.app);
    const resumes = await createTestUser(t.app);
    await subscribe(t.app, cancels.headers, 'pro');
    await subscribe(t.app, resumes.headers, 'pro');
    expect((await c.cancel(cancels.headers)).statusCode).toBe(200);
    expect((await c.cancel(resumes.headers)).statusCode).toBe(200);

    await advance(10 * DAY, cancels, resumes);
    await runJob();
    expect((await billingState(t.app, cancels.user.id)).plan).toBe('pro');
    expect((await c.resume(resumes.headers)).statusCode).toBe(200);

    await advance((await untilPeriodEnd(cancels)) + HOUR, cancels, resumes);
    await runJob();
    const ended = await billingState(t.app, cancels.user.id);
    expect(ended.plan).toBe('free');
    expect(ended.subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(ended.ledger.map((l) => l.kind)).toEqual(['payment', 'subscription_start', 'subscription_end']);
    expect(ended.notifications.at(-1)).toEqual({ title: 'Subscription ended', severity: 'info' });
    expect((await c.resume(cancels.headers)).statusCode).toBe(404);

    const renewed = await billingState(t.app, resumes.user.id);
    expect(renewed.plan).toBe('pro');
    expect(renewed.ledger.map((l) => l.kind)).toContain('subscription_renewal');
  });
});
