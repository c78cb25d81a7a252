import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import type { AuditService } from '../audit/audit.service';
import type { AccessStateCache } from './access-state-cache';
import type { AuthStore } from './auth.store';
import type { PasswordHasher } from './password-hasher.service';
import type { TokenService } from './token.service';
import type { VerificationCodesService } from './verification-codes.service';

/** Where a request came from, for the audit log and the refresh-token row. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** What the identity services are given; app wiring passes the real ones, unit tests pass fakes. */
export interface AuthDeps {
  store: AuthStore;
  hasher: PasswordHasher;
  codes: VerificationCodesService;
  tokens: Pick<TokenService, 'signAccess' | 'accessTtlSeconds'>;
  mailer: Pick<Mailer, 'send'>;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
  /** Told after a commit that changed what an account's tokens vouch for (password). */
  accessStates: Pick<AccessStateCache, 'invalidate'>;
  /**
   * Told after a sign-in or a confirmation has proven that this account owns its e-mail (the store
   * then gives it that address's guest orders). A failure is logged; it never fails the sign-in.
   */
  onEmailVerified?: (user: { id: string; email: string }) => Promise<unknown>;
  superadminEmail?: string;
  refreshTokenTtlDays: number;
}
