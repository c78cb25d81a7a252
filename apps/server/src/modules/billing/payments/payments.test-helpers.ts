import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../../app';
import { billingLedger, notifications, paymentIntents, subscriptions, users } from '../../../db/schema/index';

/** Stripe's test cards (docs/billing-design.md). */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  badCvc: '4000 0000 0000 0127',
  failsLater: '4000 0000 0000 0341',
  badLuhn: '4242 4242 4242 4241',
} as const;

export const card = (
  number: string,
  over: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {},
) => ({
  number,
  exp_month: 12,
  exp_year: 2099,
  cvc: '123',
  ...over,
});

type Headers = { authorization: string };

export function paymentsClient(app: App) {
  const inject = (
    method: 'GET' | 'POST',
    url: string,
    headers: Partial<Headers> & Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers, payload });
  return {
    createIntent: (h: Headers, planId: string, key?: string) =>
      inject(
        'POST',
        '/api/payments/create-payment-intent',
        { ...h, ...(key ? { 'idempotency-key': key } : {}) },
        {
          plan_id: planId,
        },
      ),
    pay: (h: Headers, intentId: string, number: string = CARDS.visa, over = {}) =>
      inject('POST', '/api/payments/sandbox/confirm', h, {
        payment_intent_id: intentId,
        card: card(number, over),
      }),
    confirm: (h: Headers, intentId: string, planId?: string, key?: string) =>
      inject(
        'POST',
        '/api/payments/confirm-payment',
        { ...h, ...(key ? { 'idempotency-key': key } : {}) },
        {
          payment_intent_id: intentId,
          ...(planId ? { plan_id: planId } : {}),
        },
      ),
    status: (h: Headers) => inject('GET', '/api/payments/subscription-status', h),
    cancel: (h: Headers) => inject('POST', '/api/payments/cancel-subscription', h),
    resume: (h: Headers) => inject('POST', '/api/payments/resume-subscription', h),
    history: (h: Headers) => inject('GET', '/api/payments/history', h),
    receipt: (h: Headers, id: string) => inject('GET', `/api/payments/receipts/${encodeURIComponent(id)}`, h),
  };
}

/** Subscribes through the sandbox: intent, card, confirm. Returns the intent id. */
export async function subscribe(app: App, h: Headers, planId: string, number: string = CARDS.visa) {
  const c = paymentsClient(app);
  const created = await c.createIntent(h, planId);
  expect(created.statusCode).toBe(200);
  const id = created.json().payment_intent_id as string;
  expect((await c.pay(h, id, number)).statusCode).toBe(200);
  const confirmed = await c.confirm(h, id, planId);
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().granted).toBe(true);
  return id;
}

/** What the database holds for a user's billing: to compare before and after a call. */
export async function billingState(app: App, userId: string) {
  const db = app.ctx.database.db;
  const [user] = await db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, userId));
  const ledger = await db
    .select({
      kind: billingLedger.kind,
      amountCents: billingLedger.amountCents,
      credits: billingLedger.creditsMicros,
    })
    .from(billingLedger)
    .where(eq(billingLedger.userId, userId))
    .orderBy(asc(billingLedger.id));
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const notes = await db
    .select({ title: notifications.title, severity: notifications.severity })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'billing')))
    .orderBy(asc(notifications.createdAt));
  const intents = await db
    .select({ id: paymentIntents.id, status: paymentIntents.status, grantedAt: paymentIntents.grantedAt })
    .from(paymentIntents)
    .where(eq(paymentIntents.userId, userId))
    .orderBy(asc(paymentIntents.createdAt));
  return { plan: user?.plan, ledger, subscription: sub ?? null, notifications: notes, intents };
}
