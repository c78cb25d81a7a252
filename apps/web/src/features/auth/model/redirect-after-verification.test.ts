import { describe, expect, it } from 'vitest';
import { redirectAfterVerification } from './redirect-after-verification';

const pro = { name: 'Pro', price: 1999 };
const free = { name: 'Free', price: 0 };
const enterprise = { name: 'Enterprise', price: 4999 };

describe('redirectAfterVerification', () => {
  it('sends a paid plan with redirect=subscribe to the subscribe page by lowercase name', () => {
    expect(redirectAfterVerification({ planId: 'pro', plan: pro, redirect: 'subscribe' })).toBe(
      '/subscribe?plan=pro',
    );
  });

  it('checks the subscribe rule before the enterprise rule', () => {
    expect(redirectAfterVerification({ planId: 'enterprise', plan: enterprise, redirect: 'subscribe' })).toBe(
      '/subscribe?plan=enterprise',
    );
  });

  it('sends enterprise to the contact page', () => {
    expect(redirectAfterVerification({ planId: 'enterprise', plan: enterprise })).toBe(
      '/contact?plan=enterprise&registered=true',
    );
    expect(redirectAfterVerification({ planId: 'enterprise', plan: null, redirect: 'subscribe' })).toBe(
      '/contact?plan=enterprise&registered=true',
    );
  });

  it('does not subscribe to a free plan', () => {
    expect(redirectAfterVerification({ planId: 'free', plan: free, redirect: 'subscribe' })).toBe(
      '/onboarding?plan=free',
    );
  });

  it('goes to onboarding with the plan otherwise', () => {
    expect(redirectAfterVerification({ planId: 'pro', plan: pro })).toBe('/onboarding?plan=pro');
    expect(redirectAfterVerification({ planId: 'pro', plan: pro, redirect: 'dashboard' })).toBe(
      '/onboarding?plan=pro',
    );
  });

  it('uses free when no plan was chosen', () => {
    expect(redirectAfterVerification({ planId: null })).toBe('/onboarding?plan=free');
  });

  it('cannot subscribe without knowing the price', () => {
    expect(redirectAfterVerification({ planId: 'basic', plan: null, redirect: 'subscribe' })).toBe(
      '/onboarding?plan=basic',
    );
  });
});
