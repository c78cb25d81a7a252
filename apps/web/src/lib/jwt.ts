import { type AccessTokenClaims, accessTokenClaimsSchema } from '@stratos/contracts/auth/user.schema';
import { decodeJwt } from 'jose';

export const INVALID_JWT_STRUCTURE = 'Invalid JWT token structure';

/** Decodes (does not verify: the server does) an access token; throws on a malformed one. */
export function decodeAccessToken(token: string): AccessTokenClaims {
  if (token.split('.').length !== 3) throw new Error(INVALID_JWT_STRUCTURE);
  const claims = accessTokenClaimsSchema.safeParse(decodeJwt(token));
  if (!claims.success) throw new Error(INVALID_JWT_STRUCTURE);
  return claims.data;
}

/** Valid only if it decodes and exp is later than now (part 1 section 5). */
export function tokenIsFresh(token: string, nowMs = Date.now(), skewSeconds = 10): boolean {
  try {
    return decodeAccessToken(token).exp - skewSeconds > nowMs / 1000;
  } catch {
    return false;
  }
}
