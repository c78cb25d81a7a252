import { EMAIL_MESSAGES, EMAIL_PATTERN } from '@stratos/contracts/auth/email';
import { PASSWORD_MESSAGES, passwordProblem } from '@stratos/contracts/auth/password';

/** The first failing rule of a form: the field it belongs to and the specification's wording. */
export interface FieldProblem<F extends string> {
  field: F;
  message: string;
}

export interface DetailsValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  company?: string;
}
export type DetailsField = 'firstName' | 'lastName' | 'email';

export interface PasswordValues {
  password?: string;
  confirmPassword?: string;
  agreeToTerms?: boolean;
}
export type PasswordField = 'password' | 'confirmPassword' | 'agreeToTerms';

export const TERMS_MESSAGE = 'You must agree to the Terms of Service';

const blank = (v: string | undefined) => !v || v.trim() === '';

/** Step 1 of registration, in the order of part 1 section 5. Company is optional. */
export function detailsProblem(v: DetailsValues): FieldProblem<DetailsField> | null {
  if (blank(v.firstName)) return { field: 'firstName', message: 'First name is required' };
  if (blank(v.lastName)) return { field: 'lastName', message: 'Last name is required' };
  if (blank(v.email)) return { field: 'email', message: EMAIL_MESSAGES.required };
  if (!EMAIL_PATTERN.test(v.email?.trim() ?? '')) return { field: 'email', message: EMAIL_MESSAGES.invalid };
  return null;
}

/** A new password and its confirmation (registration step 2, reset, change password). */
export function newPasswordProblem(
  v: Pick<PasswordValues, 'password' | 'confirmPassword'>,
): FieldProblem<'password' | 'confirmPassword'> | null {
  const problem = passwordProblem(v.password ?? '');
  if (problem) return { field: 'password', message: problem };
  if (v.password !== v.confirmPassword)
    return { field: 'confirmPassword', message: PASSWORD_MESSAGES.mismatch };
  return null;
}

/** Step 2 of registration, in the order of part 1 section 5. */
export function passwordStepProblem(v: PasswordValues): FieldProblem<PasswordField> | null {
  return newPasswordProblem(v) ?? (v.agreeToTerms ? null : { field: 'agreeToTerms', message: TERMS_MESSAGE });
}
