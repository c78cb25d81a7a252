import { ROLES } from '@stratos/contracts/access/role-list';
import type { AccessTokenClaims } from '@stratos/contracts/auth/user.schema';
import { decodeJwt } from 'jose';

export const INVALID_JWT_STRUCTURE = 'Invalid JWT token structure';

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The claims if they have the shape of `accessTokenClaimsSchema`. Checked by hand, not with the
 * schema: this runs in the app shell on every page, and zod would add about 25 KB gzip to the
 * home page's first load (jwt.test.ts holds the two to the same answers).
 */
export function accessTokenClaims(value: unknown): AccessTokenClaims | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  const ok =
    isString(c.sub) &&
    isString(c.id) &&
    isString(c.email) &&
    isString(c.name) &&
    (ROLES as readonly unknown[]).includes(c.role) &&
    Array.isArray(c.permissions) &&
    c.permissions.every(isString) &&
    isNumber(c.exp) &&
    (c.iat === undefined || isNumber(c.iat)) &&
    (c.sid === undefined || isString(c.sid)) &&
    (c.tv === undefined || Number.isSafeInteger(c.tv));
  if (!ok) return null;
  // Only the known claims, as the schema's parse would give them.
  const { sub, id, email, name, role, permissions, exp, iat, sid, tv } = c as AccessTokenClaims;
  return { sub, id, email, name, role, permissions, exp, iat, sid, tv };
}

/** Decodes (does not verify: the server does) an access token; throws on a malformed one. */
export function decodeAccessToken(token: string): AccessTokenClaims {
  if (token.split('.').length !== 3) throw new Error(INVALID_JWT_STRUCTURE);
  const claims = accessTokenClaims(decodeJwt(token));
  if (!claims) throw new Error(INVALID_JWT_STRUCTURE);
  return claims;
}

/** Valid only if it decodes and exp is later than now (part 1 section 5). */
export function tokenIsFresh(token: string, nowMs = Date.now(), skewSeconds = 10): boolean {
  try {
    return decodeAccessToken(token).exp - skewSeconds > nowMs / 1000;
  } catch {
    return false;
  }
}
