import { type AccessRule, decideAccess } from '@stratos/contracts/access/access-rule';
import type { GuardErrorCode } from '@stratos/contracts/common/error-codes';
import type { SessionState, SessionUser } from './auth-session';
import { sanitizeRedirect } from './safe-redirect';

/**
 * What the route guard does for one route and one session:
 * - `checking`: the session is being restored, wait (a public route never waits);
 * - `allow`: render the page;
 * - `login`: nobody is signed in, send them to /login (part 1 section 6);
 * - `forbidden`: someone is signed in but lacks the role or permission. A mature product does not
 *   log them out for following a link, so the shell shows a 403 instead of the login page.
 */
export type RouteVerdict =
  | { kind: 'checking' }
  | { kind: 'allow' }
  | { kind: 'login'; code: GuardErrorCode }
  | { kind: 'forbidden'; code: GuardErrorCode };

export function routeVerdict(session: SessionState, rule: AccessRule): RouteVerdict {
  if (rule.kind === 'public') return { kind: 'allow' };
  if (session.status === 'checking') return { kind: 'checking' };
  const decision = decideAccess(session.user, rule);
  if (decision.allowed) return { kind: 'allow' };
  return session.user ? { kind: 'forbidden', code: decision.code } : { kind: 'login', code: decision.code };
}

/** Menus show an entry only to someone the guard would let through (the same function decides). */
export function canReach(user: SessionUser | null, rule: AccessRule): boolean {
  return decideAccess(user, rule).allowed;
}

/** `/login?redirect=<sanitised path and query>`: where an anonymous visitor is sent. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(sanitizeRedirect(`${pathname}${search}`))}`;
}

/** A navigation entry is active when the path equals its target or lies below it. */
export function isActivePath(pathname: string, target: string): boolean {
  if (target === '/') return pathname === '/';
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** Plain words for what a rule needs, for the 403 page. */
export function describeRule(rule: AccessRule): string {
  if (rule.kind === 'public') return 'Anyone can open this page.';
  if (rule.minRole === 'superadmin') return 'This page is reserved for the platform operator.';
  if (rule.minRole === 'admin') return 'This page is available to administrators.';
  if (rule.anyPermission?.length) {
    const list = rule.anyPermission.join(' or ');
    return `This page needs the ${list} permission. An administrator can grant it to your account.`;
  }
  return 'This page needs a signed-in account.';
}
