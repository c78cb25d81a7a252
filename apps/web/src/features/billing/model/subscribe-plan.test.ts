import { describe, expect, it } from 'vitest';
import { capitalise, subscribePlan } from './subscribe-plan';

describe('subscribePlan', () => {
  it('defaults to Professional, which is the pro plan', () => {
    expect(subscribePlan(null)).toEqual({ displayName: 'Professional', planId: 'pro' });
    expect(subscribePlan('  ')).toEqual({ displayName: 'Professional', planId: 'pro' });
  });

  it('capitalises the first letter of the query and resolves aliases', () => {
    expect(subscribePlan('pro')).toEqual({ displayName: 'Pro', planId: 'pro' });
    expect(subscribePlan('professional')).toEqual({ displayName: 'Professional', planId: 'pro' });
    expect(subscribePlan('expert')).toEqual({ displayName: 'Expert', planId: 'pro' });
    expect(subscribePlan('starter')).toEqual({ displayName: 'Starter', planId: 'basic' });
    expect(subscribePlan('personal')).toEqual({ displayName: 'Personal', planId: 'basic' });
    expect(subscribePlan('business')).toEqual({ displayName: 'Business', planId: 'enterprise' });
    expect(subscribePlan('ENTERPRISE')).toEqual({ displayName: 'ENTERPRISE', planId: 'enterprise' });
  });

  it('sends an unknown plan to free', () => {
    expect(subscribePlan('platinum')).toEqual({ displayName: 'Platinum', planId: 'free' });
  });

  it('capitalises only the first letter', () => {
    expect(capitalise('basic')).toBe('Basic');
    expect(capitalise('')).toBe('');
  });
});
