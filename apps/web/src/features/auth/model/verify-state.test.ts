import { describe, expect, it } from 'vitest';
import { loginAfterVerification, readVerifyState } from './verify-state';

describe('verify state', () => {
  it('prefers location state over the query', () => {
    const params = new URLSearchParams({ email: 'q@example.com', plan: 'basic' });
    expect(readVerifyState({ email: 's@example.com', codeSent: true }, params)).toEqual({
      email: 's@example.com',
      plan: 'basic',
      redirectAfterVerification: '',
      codeSent: true,
    });
    expect(readVerifyState(null, params).email).toBe('q@example.com');
  });

  it('builds the sign-in link with redirect and email', () => {
    expect(loginAfterVerification('a@b.co', '/onboarding?plan=pro')).toBe(
      '/login?redirect=%2Fonboarding%3Fplan%3Dpro&email=a%40b.co',
    );
    expect(loginAfterVerification('', '')).toBe('/login');
  });
});
