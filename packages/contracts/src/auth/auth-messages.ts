/**
 * Replies of the identity calls that part 1 section 8 does not word; the error messages it does word
 * stay in common/error-codes.ts (AUTH_MESSAGES).
 */
export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful. Please check your email for the verification code.',
  confirmed: 'Your email has been confirmed. You can now sign in.',
  alreadyConfirmed: 'User is already confirmed.',
  resetCodeSent: 'If an account exists for this email, a password reset code has been sent.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  userNotFound: 'User not found',
} as const;
