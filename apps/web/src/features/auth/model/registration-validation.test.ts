import { describe, expect, it } from 'vitest';
import { detailsProblem, newPasswordProblem, passwordStepProblem } from './registration-validation';

describe('detailsProblem (step 1)', () => {
  const ok = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

  it('checks the fields in the specified order, one at a time', () => {
    expect(detailsProblem({})).toEqual({ field: 'firstName', message: 'First name is required' });
    expect(detailsProblem({ firstName: 'Ada' })).toEqual({
      field: 'lastName',
      message: 'Last name is required',
    });
    expect(detailsProblem({ firstName: 'Ada', lastName: 'L' })).toEqual({
      field: 'email',
      message: 'Email is required',
    });
    expect(detailsProblem({ ...ok, email: 'ada@example' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email',
    });
  });

  it('treats whitespace as empty and rejects spaces inside the address', () => {
    expect(detailsProblem({ ...ok, firstName: '   ' })?.message).toBe('First name is required');
    expect(detailsProblem({ ...ok, email: 'ada lovelace@example.com' })?.message).toBe(
      'Please enter a valid email',
    );
  });

  it('passes without a company', () => {
    expect(detailsProblem(ok)).toBeNull();
    expect(detailsProblem({ ...ok, email: '  ada@example.com ' })).toBeNull();
  });
});

describe('passwordStepProblem (step 2)', () => {
  const good = 'Secret123';

  it('checks the rules in the specified order', () => {
    expect(passwordStepProblem({})).toEqual({ field: 'password', message: 'Password is required' });
    expect(passwordStepProblem({ password: 'Ab1' })).toEqual({
      field: 'password',
      message: 'Password must be at least 8 characters',
    });
    expect(passwordStepProblem({ password: 'abcdefgh1' })).toEqual({
      field: 'password',
      message: 'Password must contain uppercase, lowercase, and number',
    });
    expect(passwordStepProblem({ password: good, confirmPassword: 'Secret124' })).toEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
    expect(passwordStepProblem({ password: good, confirmPassword: good })).toEqual({
      field: 'agreeToTerms',
      message: 'You must agree to the Terms of Service',
    });
    expect(passwordStepProblem({ password: good, confirmPassword: good, agreeToTerms: true })).toBeNull();
  });

  it('newPasswordProblem ignores the terms', () => {
    expect(newPasswordProblem({ password: good, confirmPassword: good })).toBeNull();
  });
});
