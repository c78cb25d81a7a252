import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';

/** The three steps of /upgrade (part 1 sections 2 and 4). */
export const UPGRADE_STEPS = ['Plan', 'Confirm', 'Payment'] as const;
export type UpgradeStep = 1 | 2 | 3;

export interface UpgradeState {
  step: UpgradeStep;
  planId: string | null;
  /** 'Upgrade failed: {reason}' after a failed payment, shown on step 2. */
  error: string | null;
}

export type UpgradeEvent =
  | { type: 'pick'; planId: string }
  | { type: 'confirm' }
  | { type: 'back' }
  | { type: 'fail'; reason: string };

export const upgradeFailed = (reason: string) => `Upgrade failed: ${reason}`;

/** A plan one can upgrade to: known to the catalogue and not free. */
export function upgradablePlan(plans: readonly Plan[], planId: string | null): Plan | null {
  if (!planId) return null;
  return plans.find((p) => p.id === planId && p.price > 0) ?? null;
}

/** Step 1, or step 2 straight away when the plan query names a known paid plan (aliases count). */
export function initialUpgradeState(planQuery: string | null, plans: readonly Plan[]): UpgradeState {
  const plan = planQuery ? upgradablePlan(plans, resolvePlanId(planQuery)) : null;
  return plan ? { step: 2, planId: plan.id, error: null } : { step: 1, planId: null, error: null };
}

export function upgradeReducer(state: UpgradeState, event: UpgradeEvent): UpgradeState {
  switch (event.type) {
    case 'pick':
      return { step: 2, planId: event.planId, error: null };
    case 'confirm':
      return state.step === 2 && state.planId ? { ...state, step: 3, error: null } : state;
    case 'back':
      return state.step > 1 ? { ...state, step: (state.step - 1) as UpgradeStep, error: null } : state;
    case 'fail':
      return { ...state, step: 2, error: upgradeFailed(event.reason) };
  }
}

export type UpgradeGate = { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Who may upgrade (part 1 sections 4 and 6): signed-out people sign in first and come back,
 * anyone not on the free plan manages their subscription in settings instead.
 */
export function upgradeGate(
  session: 'checking' | 'signedIn' | 'signedOut',
  subscriptionPlan: string | undefined,
  planQuery: string | null,
): UpgradeGate {
  if (session === 'signedOut') {
    const back = planQuery ? `/upgrade?plan=${encodeURIComponent(planQuery)}` : '/upgrade';
    return { kind: 'redirect', to: `/login?redirect=${planQuery ? encodeURIComponent(back) : back}` };
  }
  if (session === 'checking' || subscriptionPlan === undefined) return { kind: 'wait' };
  if (subscriptionPlan !== 'free') return { kind: 'redirect', to: '/settings?tab=subscription' };
  return { kind: 'allow' };
}

/** Where a successful upgrade lands, with the state the dashboard reads. */
export function upgradeSuccess(planId: string, subscriptionId: string) {
  return {
    to: '/dashboard?upgraded=true',
    state: { upgradedTo: planId, subscriptionId },
  };
}
