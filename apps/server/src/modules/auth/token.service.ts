import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Permission, Role } from '@stratos/contracts/access/roles';
import { type AccessTokenClaims, accessTokenClaimsSchema } from '@stratos/contracts/auth/user.schema';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenSubject {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
  /** The refresh-token family this access token was issued with (claim `sid`). */
  sessionId?: string;
}

export type VerifyResult =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Signs and verifies the short-lived access JWT (HS256 only: `alg: none` and other keys are refused). */
export class TokenService {
  /** Imported once: handing jose raw bytes makes it re-import the key on every verify (~5x slower). */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async signAccess(subject: TokenSubject): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({
      id: subject.id,
      email: subject.email,
      name: subject.name,
      role: subject.role,
      permissions: subject.permissions,
      ...(subject.sessionId ? { sid: subject.sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.accessTtlSeconds)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
