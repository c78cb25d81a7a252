import type { SubscriptionStatusReply } from '@stratos/contracts/billing/payments.schema';
import { describe, expect, it } from 'vitest';
import { successView } from './success-view';

const NOW = Date.parse('2026-05-02T12:00:00.000Z');
const sub = (over: Partial<NonNullable<SubscriptionStatusReply['subscription']>> = {}) => ({
  id: 'sub_1',
  plan_id: 'pro',
  plan_name: 'Pro',
  status: 'active' as const,
  amount: 1999,
  current_period_start: '2026-05-02T11:00:00.000Z',
  current_period_end: '2026-06-02T11:00:00.000Z',
  cancel_at_period_end: false,
  card: null,
  ...over,
});
const status = (subscription: ReturnType<typeof sub> | null, plan = subscription?.plan_id ?? 'free') => ({
  data: {
    has_active_subscription: subscription !== null,
    billing: { current_plan: plan, next_billing_date: null, total_spent: 0 },
    subscription,
  },
  isError: false,
  waiting: false,
});
const view = (s: ReturnType<typeof status>, planQuery: string | null = null) =>
  successView({ session: 'signedIn', status: s, planQuery, now: NOW });

describe('successView', () => {
  it('asks signed-out visitors to sign in, whatever the query says', () => {
    const s = status(null);
    expect(successView({ session: 'signedOut', status: s, planQuery: 'pro', now: NOW })).toEqual({
      kind: 'signedOut',
    });
    expect(successView({ session: 'checking', status: s, planQuery: 'pro', now: NOW }).kind).toBe('loading');
  });

  it('says there is no subscription for a free or prepaid account, and which plan the link named', () => {
    expect(view(status(null), 'pro')).toEqual({ kind: 'none', currentPlan: 'free', askedPlan: 'pro' });
    expect(view(status(null, 'prepaid'), 'professional')).toEqual({
      kind: 'none',
      currentPlan: 'prepaid',
      askedPlan: 'pro',
    });
    expect(view(status(null), 'free')).toEqual({ kind: 'none', currentPlan: 'free', askedPlan: null });
  });

  it('shows the active plan of the account, fresh only when its period began in the last day', () => {
    expect(view(status(sub()), 'pro')).toEqual({
      kind: 'active',
      planId: 'pro',
      fresh: true,
      otherPlanAsked: null,
    });
    expect(view(status(sub({ current_period_start: '2026-04-02T11:00:00.000Z' })))).toMatchObject({
      fresh: false,
    });
  });

  it('names a plan the link asked for that the account does not have', () => {
    expect(view(status(sub({ plan_id: 'basic' })), 'pro')).toMatchObject({
      kind: 'active',
      planId: 'basic',
      otherPlanAsked: 'pro',
    });
  });

  it('does not celebrate a subscription whose payment failed', () => {
    expect(view(status(sub({ status: 'past_due' })))).toEqual({ kind: 'pastDue', planId: 'pro' });
  });

  it('waits while a returned payment is granted, and reports a failed status load', () => {
    expect(view({ ...status(null), waiting: true }).kind).toBe('loading');
    expect(view({ data: undefined, isError: true, waiting: false } as never).kind).toBe('error');
  });
});
