import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { describe, expect, it } from 'vitest';
import {
  initialUpgradeState,
  type UpgradeState,
  upgradeGate,
  upgradeReducer,
  upgradeSuccess,
} from './upgrade-flow';

const plan = (id: string, price: number): Plan => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  price,
  storageBytes: null,
  aiQueriesPerMonth: null,
  features: [],
  popular: id === 'pro',
});
const plans = [plan('free', 0), plan('basic', 999), plan('pro', 1999), plan('enterprise', 4999)];

describe('upgrade flow', () => {
  it('starts on the plan step without a plan query', () => {
    expect(initialUpgradeState(null, plans)).toEqual({ step: 1, planId: null, error: null });
  });

  it('preselects a plan query that names a known paid plan, aliases included', () => {
    expect(initialUpgradeState('pro', plans)).toEqual({ step: 2, planId: 'pro', error: null });
    expect(initialUpgradeState('professional', plans)).toMatchObject({ step: 2, planId: 'pro' });
    expect(initialUpgradeState('business', plans)).toMatchObject({ step: 2, planId: 'enterprise' });
  });

  it('ignores a plan query for free or an unknown plan', () => {
    expect(initialUpgradeState('free', plans).step).toBe(1);
    expect(initialUpgradeState('platinum', plans).step).toBe(1);
  });

  it('moves Plan -> Confirm on a pick and Confirm -> Payment on confirm; Back steps down', () => {
    let s: UpgradeState = initialUpgradeState(null, plans);
    s = upgradeReducer(s, { type: 'confirm' });
    expect(s.step).toBe(1); // nothing to confirm yet
    s = upgradeReducer(s, { type: 'pick', planId: 'basic' });
    expect(s).toEqual({ step: 2, planId: 'basic', error: null });
    s = upgradeReducer(s, { type: 'confirm' });
    expect(s.step).toBe(3);
    s = upgradeReducer(s, { type: 'back' });
    expect(s).toEqual({ step: 2, planId: 'basic', error: null });
    s = upgradeReducer(s, { type: 'back' });
    expect(s.step).toBe(1);
    expect(upgradeReducer(s, { type: 'back' }).step).toBe(1);
  });

  it('returns a failed payment to the confirm step with the reason', () => {
    const paying: UpgradeState = { step: 3, planId: 'pro', error: null };
    expect(upgradeReducer(paying, { type: 'fail', reason: 'Your card was declined.' })).toEqual({
      step: 2,
      planId: 'pro',
      error: 'Upgrade failed: Your card was declined.',
    });
    // Confirming again clears the message.
    const again = upgradeReducer(upgradeReducer(paying, { type: 'fail', reason: 'x' }), { type: 'confirm' });
    expect(again).toEqual({ step: 3, planId: 'pro', error: null });
  });

  it('sends signed-out people to sign in and back, and paying people to settings', () => {
    expect(upgradeGate('signedOut', undefined, null)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/upgrade',
    });
    expect(upgradeGate('signedOut', undefined, 'pro')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fupgrade%3Fplan%3Dpro',
    });
    expect(upgradeGate('checking', undefined, null)).toEqual({ kind: 'wait' });
    expect(upgradeGate('signedIn', undefined, null)).toEqual({ kind: 'wait' });
    expect(upgradeGate('signedIn', 'pro', null)).toEqual({
      kind: 'redirect',
      to: '/settings?tab=subscription',
    });
    expect(upgradeGate('signedIn', 'prepaid', null)).toEqual({
      kind: 'redirect',
      to: '/settings?tab=subscription',
    });
    expect(upgradeGate('signedIn', 'free', null)).toEqual({ kind: 'allow' });
  });

  it('lands on the dashboard with the new plan and subscription in the state', () => {
    expect(upgradeSuccess('pro', 'sub_1')).toEqual({
      to: '/dashboard?upgraded=true',
      state: { upgradedTo: 'pro', subscriptionId: 'sub_1' },
    });
  });
});
