import { describe, expect, it } from 'vitest';
import { subscribePlanId } from './subscribe-plan';

describe('subscribePlanId', () => {
  it('defaults to Professional, which is the pro plan', () => {
    expect(subscribePlanId(null)).toBe('pro');
    expect(subscribePlanId('  ')).toBe('pro');
  });

  it('resolves the aliases of the other plan lists to catalogue ids', () => {
    expect(subscribePlanId('pro')).toBe('pro');
    expect(subscribePlanId('professional')).toBe('pro');
    expect(subscribePlanId('expert')).toBe('pro');
    expect(subscribePlanId('starter')).toBe('basic');
    expect(subscribePlanId('personal')).toBe('basic');
    expect(subscribePlanId('business')).toBe('enterprise');
    expect(subscribePlanId('ENTERPRISE')).toBe('enterprise');
  });

  it('sends an unknown plan to free', () => {
    expect(subscribePlanId('platinum')).toBe('free');
  });
});
