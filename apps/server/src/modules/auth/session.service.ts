import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { effectivePermissions } from '@stratos/contracts/access/roles';
import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import type { LoginReply, RefreshReply } from '@stratos/contracts/auth/session.schema';
import { AUTH_MESSAGES, GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import { AppError } from '../../lib/app-error';
import { serverAuditEvent } from '../audit/audit.service';
import { displayName, toPublicUser } from '../users/public-user';
import type { UserRow } from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth.deps';
import type { AuthRepos } from './auth.store';
import type { NewRefreshToken, RefreshTokenRow } from './refresh-tokens.repository';
import type { TokenSubject } from './token.service';

const invalidCredentials = () =>
  new AppError(401, 'NotAuthorizedException', AUTH_MESSAGES.invalidCredentials);
export const invalidSession = () => new AppError(401, 'INVALID_SESSION', GUARD_ERRORS.INVALID_SESSION);

/** Refresh tokens are stored as SHA-256: they are 256 random bits, so a slow hash adds nothing. */
export const hashRefreshToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

export function tokenSubject(user: UserRow, sessionId: string): TokenSubject {
  return {
    id: user.id,
    email: user.email,
    name: displayName(user),
    role: user.role,
    permissions: effectivePermissions(user.role, user.grantedPermissions),
    sessionId,
    tokenVersion: user.tokenVersion,
  };
}

/**
 * Sign-in, refresh and sign-out. A sign-in starts a family of opaque refresh tokens; each refresh
 * spends one and issues the next; presenting a spent one means it was copied, so the whole family
 * ends (DECISIONS.md section 4).
 */
export class SessionService {
  constructor(private readonly d: AuthDeps) {}

  async login(email: string, password: string, meta: RequestMeta): Promise<LoginReply> {
    const { store } = this.d;
    const user = await store.users.findByEmail(email);
    if (!user) {
      await this.d.hasher.verifyDummy(password);
      await this.failure(email, null, 'unknown_email', meta);
      throw invalidCredentials();
    }
    // Status is told only to someone who knows the password.
    if (!(await this.d.hasher.verify(user.passwordHash, password))) {
      await this.failure(email, user.id, 'wrong_password', meta);
      throw invalidCredentials();
    }
    if (user.status === 'unconfirmed') {
      await this.failure(email, user.id, 'unconfirmed', meta);
      throw new AppError(403, 'UserNotConfirmedException', AUTH_MESSAGES.notConfirmed);
    }
    if (user.status === 'disabled') {
      await this.failure(email, user.id, 'disabled', meta);
      throw new AppError(403, 'NotAuthorizedException', AUTH_MESSAGES.disabled);
    }

    const familyId = randomUUID();
    const refresh = this.newToken(user.id, familyId, meta);
    // The sign-in write and the e-mail hook (guest orders) are independent: on PostgreSQL they go
    // on two connections at once, so the hook's round trip hides behind the write's commit.
    const [written] = await Promise.all([
      store.recordSignIn({
        token: refresh.row,
        at: this.d.clock.now(),
        event: serverAuditEvent(AUDIT_OPERATIONS.loginSuccess, {
          userId: user.id,
          email: user.email,
          ip: meta.ip,
        }),
      }),
      emailVerified(this.d, user),
    ]);
    const signedIn = written ?? user;
    const token = await this.d.tokens.signAccess(tokenSubject(signedIn, familyId));
    return {
      success: true,
      token,
      refreshToken: refresh.raw,
      expiresIn: this.d.tokens.accessTtlSeconds,
      user: toPublicUser(signedIn),
    };
  }

  async refresh(raw: string, meta: RequestMeta): Promise<RefreshReply> {
    const { store } = this.d;
    const now = this.d.clock.now();
    const row = await store.refreshTokens.findByHash(hashRefreshToken(raw));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) throw invalidSession();
    if (row.usedAt) return this.reuse(row, meta);

    const user = await store.users.findById(row.userId);
    if (user?.status !== 'active') {
      await store.refreshTokens.revokeFamily(row.familyId, now);
      throw invalidSession();
    }
    const next = await store.transaction(async (tx) => {
      // markUsed is one conditional UPDATE: of two requests racing with this token, one wins.
      if (!(await tx.refreshTokens.markUsed(row.id, now))) return null;
      return this.insertToken(tx, user.id, row.familyId, meta);
    });
    if (!next) return this.reuse(row, meta);
    return {
      token: await this.d.tokens.signAccess(tokenSubject(user, row.familyId)),
      refreshToken: next,
      expiresIn: this.d.tokens.accessTtlSeconds,
    };
  }

  /**
   * Ends one session: the family of the refresh token given, else the one named by the access
   * token's `sid`. Unknown tokens are ignored, so sign-out always succeeds.
   */
  async logout(
    input: { refreshToken?: string; sessionId?: string; userId?: string; email?: string },
    meta: RequestMeta,
  ): Promise<void> {
    const { store } = this.d;
    const now = this.d.clock.now();
    let familyId = input.sessionId;
    let userId = input.userId ?? null;
    if (input.refreshToken) {
      const row = await store.refreshTokens.findByHash(hashRefreshToken(input.refreshToken));
      if (row) {
        familyId = row.familyId;
        userId = row.userId;
      }
    }
    if (!familyId) return;
    await store.refreshTokens.revokeFamily(familyId, now);
    await this.d.audit.record(AUDIT_OPERATIONS.logout, { userId, email: input.email ?? null, ip: meta.ip });
  }

  private async reuse(row: RefreshTokenRow, meta: RequestMeta): Promise<never> {
    await this.d.store.refreshTokens.revokeFamily(row.familyId, this.d.clock.now());
    await this.d.audit.record(
      AUDIT_OPERATIONS.refreshReuse,
      { userId: row.userId, ip: meta.ip },
      { familyId: row.familyId, userAgent: meta.userAgent },
    );
    throw invalidSession();
  }

  /** A new opaque refresh token and the row that stores its hash. */
  private newToken(
    userId: string,
    familyId: string,
    meta: RequestMeta,
  ): { raw: string; row: NewRefreshToken } {
    const raw = randomBytes(32).toString('base64url');
    const ttlMs = this.d.refreshTokenTtlDays * 24 * 60 * 60 * 1000;
    return {
      raw,
      row: {
        userId,
        familyId,
        tokenHash: hashRefreshToken(raw),
        expiresAt: new Date(this.d.clock.now().getTime() + ttlMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      },
    };
  }

  private async insertToken(tx: AuthRepos, userId: string, familyId: string, meta: RequestMeta) {
    const { raw, row } = this.newToken(userId, familyId, meta);
    await tx.refreshTokens.insert(row);
    return raw;
  }

  private failure(email: string, userId: string | null, reason: string, meta: RequestMeta) {
    return this.d.audit.record(
      AUDIT_OPERATIONS.loginFailure,
      { userId, email, ip: meta.ip },
      { email, reason },
    );
  }
}

/** Runs the deps' onEmailVerified hook; its failure is logged, never the caller's. */
export async function emailVerified(d: AuthDeps, user: { id: string; email: string }): Promise<void> {
  if (!d.onEmailVerified) return;
  try {
    await d.onEmailVerified({ id: user.id, email: user.email });
  } catch (err) {
    d.log.error({ err, userId: user.id }, 'after sign-in: the e-mail hook failed');
  }
}
