/** Error codes and the user-facing messages of part 1 section 8, shared by server and web. */
export const AUTH_MESSAGES = {
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  codeMismatch: 'Invalid verification code. Please try again.',
  codeExpired: 'Verification code has expired. Please request a new one.',
  verificationFailed: 'Verification failed. Please try again.',
  newCodeSent: 'A new verification code has been sent to your email.',
  alreadyRegistered: 'This email is already registered. Please try signing in.',
  signupFailed: 'Signup failed. Please try again.',
  resendFailed: 'Failed to send verification code. Please try again.',
  loginFailed: 'Login failed',
  invalidCredentials: 'Incorrect username or password.',
  notConfirmed: 'User is not confirmed.',
  disabled: 'User is disabled.',
  invalidLoginResponse: 'Invalid response from server',
} as const;

export const GUARD_ERRORS = {
  UNAUTHENTICATED: 'User not authenticated',
  INVALID_SESSION: 'Invalid or expired session',
  INSUFFICIENT_PERMISSIONS: 'Insufficient permissions',
  INSUFFICIENT_AUTH_LEVEL: 'Insufficient auth level',
  IMPERSONATION_BLOCKED: 'Impersonation not allowed',
  RATE_LIMIT_EXCEEDED: 'Too many auth checks',
} as const;
export type GuardErrorCode = keyof typeof GUARD_ERRORS;
