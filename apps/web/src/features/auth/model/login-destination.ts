import { sanitizeRedirect } from '../../../lib/safe-redirect';

/** The guard's `state.from`: a path, or a location with a pathname (and search). */
export type FromState = string | { pathname?: string; search?: string; hash?: string } | null | undefined;

export function fromStatePath(from: FromState): string | null {
  if (!from) return null;
  if (typeof from === 'string') return from;
  if (typeof from.pathname === 'string') return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return null;
}

/**
 * Where a successful sign-in goes: the sanitised `redirect` query, else the page the guard turned
 * away (`state.from`); with neither, a paid `plan` goes to /subscribe, else the dashboard.
 */
export function loginDestination(input: {
  redirect: string | null;
  from?: FromState;
  /** Catalogue id of the `plan` query, when it names a plan. */
  planId?: string | null;
  /** True when that plan costs money. */
  planIsPaid?: boolean;
}): string {
  const target = input.redirect?.trim() || fromStatePath(input.from);
  if (target) return sanitizeRedirect(target);
  if (input.planId && input.planIsPaid) return `/subscribe?plan=${encodeURIComponent(input.planId)}`;
  return '/dashboard';
}
