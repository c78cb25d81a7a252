import { describe, expect, it } from 'vitest';
import { planCardLink } from './plan-card';

describe('planCardLink', () => {
  it('sends visitors of a paid plan through sign-up to the subscribe page', () => {
    expect(planCardLink({ id: 'pro', price: 1999 }, false)).toBe('/register?plan=pro&redirect=subscribe');
    expect(planCardLink({ id: 'basic', price: 999 }, false)).toBe('/register?plan=basic&redirect=subscribe');
  });

  it('signs free and enterprise visitors up without a payment step', () => {
    expect(planCardLink({ id: 'free', price: 0 }, false)).toBe('/register?plan=free');
    expect(planCardLink({ id: 'enterprise', price: 4999 }, false)).toBe('/register?plan=enterprise');
  });

  it('sends signed-in people to the upgrade flow', () => {
    expect(planCardLink({ id: 'pro', price: 1999 }, true)).toBe('/upgrade?plan=pro');
  });
});
