import { describe, expect, it } from 'vitest';
import { loginDestination } from './login-destination';

describe('loginDestination', () => {
  it('defaults to the dashboard', () => {
    expect(loginDestination({ redirect: null })).toBe('/dashboard');
  });

  it('follows a sanitised redirect query, keeping its query string', () => {
    expect(loginDestination({ redirect: 'onboarding' })).toBe('/onboarding');
    expect(loginDestination({ redirect: '/subscribe?plan=pro' })).toBe('/subscribe?plan=pro');
    expect(loginDestination({ redirect: '//evil.com' })).toBe('/evil.com');
    expect(loginDestination({ redirect: 'https://evil.com' })).toBe('/dashboard');
  });

  it('falls back to the page the guard turned away', () => {
    expect(loginDestination({ redirect: null, from: { pathname: '/files', search: '?q=a' } })).toBe(
      '/files?q=a',
    );
    expect(loginDestination({ redirect: null, from: '/settings' })).toBe('/settings');
    expect(loginDestination({ redirect: '/billing', from: '/settings' })).toBe('/billing');
  });

  it('sends a paid plan without a redirect to subscribe', () => {
    expect(loginDestination({ redirect: null, planId: 'pro', planIsPaid: true })).toBe('/subscribe?plan=pro');
    expect(loginDestination({ redirect: null, planId: 'free', planIsPaid: false })).toBe('/dashboard');
    expect(loginDestination({ redirect: '/files', planId: 'pro', planIsPaid: true })).toBe('/files');
  });
});
