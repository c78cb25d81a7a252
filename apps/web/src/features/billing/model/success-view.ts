import type { SubscriptionStatusReply } from '@stratos/contracts/billing/payments.schema';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';

/**
 * What /subscription-success may say, decided from the account's own subscription status, never
 * from the query: the query (`plan`, `upgrade=true`) can be typed by hand by anyone.
 */
export type SuccessView =
  | { kind: 'loading' }
  | { kind: 'signedOut' }
  | { kind: 'error' }
  /** A paid subscription that is active: the only case with the countdown. */
  | { kind: 'active'; planId: string; fresh: boolean; otherPlanAsked: string | null }
  /** Subscribed, but the last renewal failed: nothing to celebrate. */
  | { kind: 'pastDue'; planId: string }
  /** No paid subscription: pays from credits (prepaid) or is on Free. */
  | { kind: 'none'; currentPlan: string; askedPlan: string | null };

/** A subscription whose period began this recently was just paid for ("confirmed", "upgrade complete"). */
export const FRESH_SUBSCRIPTION_MS = 24 * 60 * 60 * 1000;

export function successView(input: {
  session: 'checking' | 'signedIn' | 'signedOut';
  status: { data?: SubscriptionStatusReply; isError: boolean; waiting: boolean };
  planQuery: string | null;
  now: number;
}): SuccessView {
  const { session, status, planQuery, now } = input;
  if (session === 'checking') return { kind: 'loading' };
  if (session === 'signedOut') return { kind: 'signedOut' };
  if (status.waiting) return { kind: 'loading' };
  if (!status.data) return status.isError ? { kind: 'error' } : { kind: 'loading' };
  const asked = planQuery ? resolvePlanId(planQuery) : null;
  const sub = status.data.subscription;
  if (status.data.has_active_subscription && sub) {
    if (sub.status === 'past_due') return { kind: 'pastDue', planId: sub.plan_id };
    return {
      kind: 'active',
      planId: sub.plan_id,
      fresh: now - Date.parse(sub.current_period_start) < FRESH_SUBSCRIPTION_MS,
      otherPlanAsked: asked && asked !== 'free' && asked !== sub.plan_id ? asked : null,
    };
  }
  return {
    kind: 'none',
    currentPlan: status.data.billing.current_plan,
    askedPlan: asked && asked !== 'free' ? asked : null,
  };
}
