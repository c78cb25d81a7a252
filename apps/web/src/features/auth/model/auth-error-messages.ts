import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { ApiError } from '../../../lib/api-error';

const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : null);
const serverText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : null);

/** Confirming a sign-up code (part 1 section 8). */
export function confirmErrorMessage(err: unknown): string {
  switch (codeOf(err)) {
    case 'CodeMismatchException':
      return AUTH_MESSAGES.codeMismatch;
    case 'ExpiredCodeException':
      return AUTH_MESSAGES.codeExpired;
    case 'LimitExceededException':
      return AUTH_MESSAGES.tooManyAttempts;
    default:
      return AUTH_MESSAGES.verificationFailed;
  }
}

/** Asking for a new code (part 1 section 8). */
export function resendErrorMessage(err: unknown): string {
  return codeOf(err) === 'LimitExceededException'
    ? AUTH_MESSAGES.tooManyAttempts
    : AUTH_MESSAGES.resendFailed;
}

/** Sign-up: the server's own message (validation, delivery) or the generic wording. */
export function signupErrorMessage(err: unknown): string {
  if (codeOf(err) === 'UsernameExistsException') return AUTH_MESSAGES.alreadyRegistered;
  return serverText(err) ?? AUTH_MESSAGES.signupFailed;
}

/** Sign-in: the server's text, else 'Login failed'. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status >= 500 ? AUTH_MESSAGES.loginFailed : err.message;
  if (err instanceof Error && err.message === AUTH_MESSAGES.invalidLoginResponse) return err.message;
  return AUTH_MESSAGES.loginFailed;
}

/** Password reset with a code: the code messages, else the server's text. */
export function resetErrorMessage(err: unknown): string {
  const code = codeOf(err);
  if (
    code === 'CodeMismatchException' ||
    code === 'ExpiredCodeException' ||
    code === 'LimitExceededException'
  ) {
    return confirmErrorMessage(err);
  }
  return serverText(err) ?? 'Password reset failed. Please try again.';
}

/** The server's wording for a refusal it explains (4xx), else the fallback. */
export function serverMessage(err: unknown, fallback: string): string {
  return serverText(err) ?? fallback;
}

/** A refusal about the code itself, shown beside the code field. */
export function isCodeError(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'CodeMismatchException' || code === 'ExpiredCodeException';
}
