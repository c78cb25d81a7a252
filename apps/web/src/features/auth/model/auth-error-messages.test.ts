import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  confirmErrorMessage,
  loginErrorMessage,
  resendErrorMessage,
  resetErrorMessage,
  signupErrorMessage,
} from './auth-error-messages';

const err = (status: number, code: string, message = 'server says') => new ApiError(status, code, message);

describe('auth error messages', () => {
  it('maps confirmation failures to the specified wording', () => {
    expect(confirmErrorMessage(err(400, 'CodeMismatchException'))).toBe(
      'Invalid verification code. Please try again.',
    );
    expect(confirmErrorMessage(err(400, 'ExpiredCodeException'))).toBe(
      'Verification code has expired. Please request a new one.',
    );
    expect(confirmErrorMessage(err(429, 'LimitExceededException'))).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(confirmErrorMessage(new TypeError('fetch failed'))).toBe('Verification failed. Please try again.');
  });

  it('maps resend failures', () => {
    expect(resendErrorMessage(err(429, 'LimitExceededException'))).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(resendErrorMessage(err(503, 'CodeDeliveryFailureException'))).toBe(
      'Failed to send verification code. Please try again.',
    );
  });

  it('maps sign-up failures', () => {
    expect(signupErrorMessage(err(409, 'UsernameExistsException'))).toBe(
      'This email is already registered. Please try signing in.',
    );
    expect(signupErrorMessage(err(400, 'VALIDATION_ERROR', 'Please enter a valid email'))).toBe(
      'Please enter a valid email',
    );
    expect(signupErrorMessage(err(500, 'INTERNAL_ERROR'))).toBe('Signup failed. Please try again.');
    expect(signupErrorMessage(new Error('offline'))).toBe('Signup failed. Please try again.');
  });

  it('shows the server text on login, else Login failed', () => {
    expect(loginErrorMessage(err(401, 'NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
    expect(loginErrorMessage(new Error('Invalid response from server'))).toBe('Invalid response from server');
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Login failed');
  });

  it('maps reset failures', () => {
    expect(resetErrorMessage(err(400, 'CodeMismatchException'))).toBe(
      'Invalid verification code. Please try again.',
    );
    expect(resetErrorMessage(err(400, 'VALIDATION_ERROR', 'Password is required'))).toBe(
      'Password is required',
    );
  });
});
