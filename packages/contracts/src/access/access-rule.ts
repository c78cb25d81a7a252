import type { GuardErrorCode } from '../common/error-codes';
import { type Permission, type Role, roleAtLeast } from './role-list';

/**
 * Who may reach a route group. `public` needs nothing; otherwise the subject must be signed in,
 * hold at least `minRole` (roles are ordered user < admin < superadmin, so the superadmin reaches
 * every admin page), and hold at least one of `anyPermission` when given.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signedIn'; minRole?: Role; anyPermission?: readonly Permission[] };

export interface AccessSubject {
  role: Role;
  permissions: readonly string[];
}

export type AccessDecision = { allowed: true } | { allowed: false; code: GuardErrorCode; status: 401 | 403 };

export const PUBLIC: AccessRule = { kind: 'public' };
export const signedIn = (minRole: Role = 'user', anyPermission?: readonly Permission[]): AccessRule => ({
  kind: 'signedIn',
  minRole,
  anyPermission,
});

/** The route groups of part 1 section 6, with the overrides of section 2 applied per route. */
export const ROUTE_GROUPS = {
  public: PUBLIC,
  dashboard: signedIn('user'),
  account: signedIn('user'),
  admin: signedIn('admin'),
  system: signedIn('admin'),
  superadmin: signedIn('superadmin'),
  platform: signedIn('superadmin'),
  /** Mail the server kept: the superadmin's alone, as it names who asked for codes and when. */
  outbox: signedIn('superadmin'),
  ai: signedIn('user', ['ai:use', 'ai:read']),
  aiRead: signedIn('user', ['ai:read']),
  aiUse: signedIn('user', ['ai:use']),
  aiTrain: signedIn('user', ['ai:train']),
  storage: signedIn('user', ['storage:read', 'storage:write', 'view:all-storage']),
  storageRead: signedIn('user', ['storage:read']),
  storageWrite: signedIn('user', ['storage:write']),
} as const satisfies Record<string, AccessRule>;
export type RouteGroup = keyof typeof ROUTE_GROUPS;

/** The one function that decides "may this subject reach this rule"; used by server guards and web routes. */
export function decideAccess(subject: AccessSubject | null | undefined, rule: AccessRule): AccessDecision {
  if (rule.kind === 'public') return { allowed: true };
  if (!subject) return { allowed: false, code: 'UNAUTHENTICATED', status: 401 };
  if (rule.minRole && !roleAtLeast(subject.role, rule.minRole)) {
    return { allowed: false, code: 'INSUFFICIENT_PERMISSIONS', status: 403 };
  }
  if (rule.anyPermission && rule.anyPermission.length > 0) {
    const has = rule.anyPermission.some((p) => subject.permissions.includes(p));
    if (!has) return { allowed: false, code: 'INSUFFICIENT_PERMISSIONS', status: 403 };
  }
  return { allowed: true };
}
