import type { Db } from '../../db/client';
import { UsersRepository } from '../users/users.repository';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { VerificationCodesRepository } from './verification-codes.repository';

/**
 * The repository methods the identity services use, bound to one connection or one transaction.
 * Named method by method so unit tests can hand plain-object fakes, and so methods other modules add
 * to the same repositories do not reach here.
 */
export interface AuthRepos {
  users: Pick<UsersRepository, 'findById' | 'findByEmail' | 'insert' | 'update' | 'activate' | 'delete'>;
  codes: Pick<
    VerificationCodesRepository,
    'invalidatePending' | 'insert' | 'findPending' | 'reserveAttempt' | 'consume'
  >;
  refreshTokens: Pick<
    RefreshTokensRepository,
    'insert' | 'findByHash' | 'markUsed' | 'revokeFamily' | 'revokeAllForUser' | 'revokeAllForUserExcept'
  >;
}

export interface AuthStore extends AuthRepos {
  /**
   * Runs `fn` in one transaction. Inside it use only the repositories passed in: PGlite has a
   * single connection, so touching the outer database (the mailer, the audit log) would wait forever.
   */
  transaction<T>(fn: (tx: AuthRepos) => Promise<T>): Promise<T>;
}

function reposFor(db: Db): AuthRepos {
  return {
    users: new UsersRepository(db),
    codes: new VerificationCodesRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
  };
}

export function createAuthStore(db: Db): AuthStore {
  return {
    ...reposFor(db),
    transaction: (fn) => db.transaction((tx) => fn(reposFor(tx))),
  };
}

/** PostgreSQL's unique_violation; drizzle wraps driver errors, so look at the cause too. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
