import { singleLineText } from '../common/text.schema';

/** Password rules of part 1 section 5, enforced identically by the registration form and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters',
  weak: 'Password must contain uppercase, lowercase, and number',
  mismatch: 'Passwords do not match',
} as const;

/** Returns the first failing rule's message, in the specification's order, or null. */
export function passwordProblem(password: string): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    return PASSWORD_MESSAGES.weak;
  }
  return null;
}

export const passwordSchema = singleLineText()
  .max(256)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
