import type { Permission, Role } from '@stratos/contracts/access/roles';
import { type AccessTokenClaims, accessTokenClaimsSchema } from '@stratos/contracts/auth/user.schema';
import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenSubject {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
  /** The refresh-token family this access token was issued with (claim `sid`). */
  sessionId?: string;
  /** users.token_version when signed (claim `tv`): the guard refuses the token once it changes. */
  tokenVersion: number;
}

export type VerifyResult =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Verified tokens remembered, by their exact text (see `remember` for what happens when full). */
export const VERIFIED_TOKENS_KEPT = 1000;
/** How long an entry may hold its room against newer tokens, whatever the token's own lifetime. */
const KEPT_AT_MOST_MS = 15 * 60_000;

/**
 * Signs and verifies the short-lived access JWT: HS256 only, so `alg: none` and tokens signed with
 * another key are refused. fast-jwt verifies synchronously with node:crypto, which matters because
 * every guarded request pays for it on the main thread (WebCrypto-based verification cost ~100 us).
 * Times come from the injected clock, so iat/exp are set here rather than by the library.
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;
  /**
   * A client sends the same token for its 15 minutes: the claims of a verified token are kept,
   * parsed, under the token's own text, so a repeat skips decoding, the HMAC and the claims schema
   * (a map lookup). fast-jwt's own cache hashes every token with SHA-256 first and keeps an LRU:
   * ~20 us more than verifying afresh on a miss, and ~5 us on a hit. Expiry is still checked on
   * every call.
   */
  private readonly verified = new Map<string, { claims: AccessTokenClaims; until: number }>();

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256' });
    this.verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      // Expiry is checked below against the injected clock.
      ignoreExpiration: true,
      ignoreNotBefore: true,
    });
  }

  async signAccess(subject: TokenSubject): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return this.sign({
      sub: subject.id,
      id: subject.id,
      email: subject.email,
      name: subject.name,
      role: subject.role,
      permissions: subject.permissions,
      ...(subject.sessionId ? { sid: subject.sessionId } : {}),
      tv: subject.tokenVersion,
      iat,
      exp: iat + this.accessTtlSeconds,
    });
  }

  /** Synchronous: the guard runs it on every request, so it adds no promise or microtask hop. */
  verifyAccess(token: string): VerifyResult {
    let claims = this.verified.get(token)?.claims;
    if (!claims) {
      let payload: Record<string, unknown>;
      try {
        payload = this.verify(token);
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const parsed = accessTokenClaimsSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      // Shared by every request with this token: nobody may change it.
      Object.freeze(parsed.data.permissions);
      claims = Object.freeze(parsed.data);
      this.remember(token, claims);
    }
    if (claims.exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }

  /**
   * Keeps a verified token's claims while there is room. When full, the oldest entry makes room
   * only once its token has expired (or after 15 minutes, if access tokens live longer); until then
   * a new token is verified on each use and not kept.
   * Evicting the oldest regardless (as this did before) meant that with more active tokens than
   * room, every request missed and churned the memory too: each entry lived just long enough to be
   * promoted out of V8's young generation before it was dropped. Under load that cost ~15-30 us a
   * request, more than verifying a token (~10 us). This way the tokens held keep hitting.
   */
  private remember(token: string, claims: AccessTokenClaims): void {
    const now = this.now().getTime();
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const [oldest, held] = this.verified.entries().next().value as [string, { until: number }];
      if (held.until > now) return;
      this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, until: Math.min(claims.exp * 1000, now + KEPT_AT_MOST_MS) });
  }
}
