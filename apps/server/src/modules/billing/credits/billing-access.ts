import { roleAtLeast } from '@stratos/contracts/access/roles';
import { CREDIT_MESSAGES } from '@stratos/contracts/billing/credits.schema';
import { AppError, forbidden } from '../../../lib/app-error';
import type { AuthUser } from '../../../plugins/auth-guard';

export type Actor = Pick<AuthUser, 'id' | 'email' | 'role'>;

export const OTHER_USER_MESSAGE = 'You can only reach your own billing information';

/**
 * A user reaches only their own credits and plan (403 otherwise, as the storage figures do);
 * admins and the superadmin reach anyone's.
 */
export function assertReaches(actor: Actor, userId: string): void {
  if (actor.id !== userId && !roleAtLeast(actor.role, 'admin')) throw forbidden(OTHER_USER_MESSAGE);
}

/**
 * The superadmin has unlimited credits and is never charged (part 1 section 6): the role, or the
 * one configured account identity (SUPERADMIN_EMAIL).
 */
export function isUnlimited(
  who: { role: string; email: string },
  superadminEmail: string | undefined,
): boolean {
  return who.role === 'superadmin' || (!!superadminEmail && who.email.toLowerCase() === superadminEmail);
}

export const insufficientCredits = () =>
  new AppError(402, 'INSUFFICIENT_CREDITS', CREDIT_MESSAGES.insufficient);
