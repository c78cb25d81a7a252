import { afterEach, describe, expect, it } from 'vitest';
import { choosePlan, parseStoredPlan, SELECTED_PLAN_KEY, selectedPlanFromSession } from './selected-plan';

describe('choosePlan', () => {
  it('prefers the session-stored plan over the query', () => {
    expect(choosePlan('pro', 'basic')).toEqual({ planId: 'pro', toStore: null });
  });

  it('uses and stores the query plan when nothing is stored', () => {
    expect(choosePlan(null, 'basic')).toEqual({ planId: 'basic', toStore: 'basic' });
  });

  it('resolves aliases on both sides', () => {
    expect(choosePlan('professional', null).planId).toBe('pro');
    expect(choosePlan(null, 'Business')).toEqual({ planId: 'enterprise', toStore: 'enterprise' });
    expect(choosePlan(null, 'unheard-of').planId).toBe('free');
  });

  it('knows no plan when neither names one', () => {
    expect(choosePlan(null, null)).toEqual({ planId: null, toStore: null });
    expect(choosePlan('', '  ')).toEqual({ planId: null, toStore: null });
  });
});

describe('parseStoredPlan', () => {
  it('reads ids, JSON strings and JSON objects', () => {
    expect(parseStoredPlan('pro')).toBe('pro');
    expect(parseStoredPlan('"basic"')).toBe('basic');
    expect(parseStoredPlan('{"id":"enterprise","name":"Enterprise"}')).toBe('enterprise');
    expect(parseStoredPlan('{"name":"Professional"}')).toBe('Professional');
    expect(parseStoredPlan('{broken')).toBeNull();
    expect(parseStoredPlan(null)).toBeNull();
  });
});

describe('selectedPlanFromSession', () => {
  afterEach(() => sessionStorage.clear());

  it('stores the query plan, then keeps it over a later query', () => {
    expect(selectedPlanFromSession('starter')).toBe('basic');
    expect(sessionStorage.getItem(SELECTED_PLAN_KEY)).toBe('basic');
    expect(selectedPlanFromSession('pro')).toBe('basic');
  });
});
