import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthRepos } from './auth.store';
import type { CodePurpose } from './verification-codes.repository';

export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

type CodesRepo = AuthRepos['codes'];

export const codeMismatch = () => new AppError(400, 'CodeMismatchException', AUTH_MESSAGES.codeMismatch);
const codeExpired = () => new AppError(400, 'ExpiredCodeException', AUTH_MESSAGES.codeExpired);
const tooManyTries = () => new AppError(429, 'LimitExceededException', AUTH_MESSAGES.tooManyAttempts);

/**
 * Emailed 6-digit codes. Only an HMAC keyed with the server secret is stored, so a leaked table does
 * not reveal codes, and a million candidates cannot be tried offline without the key. The repository
 * is passed per call so issuing can join the caller's transaction.
 */
export class VerificationCodesService {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly generate: () => string = () => randomInt(0, 1_000_000).toString().padStart(6, '0'),
  ) {}

  /** Replaces any pending code of this purpose with a new one; returns the plain code to mail. */
  async issue(codes: CodesRepo, userId: string, purpose: CodePurpose): Promise<string> {
    const now = this.clock.now();
    const code = this.generate();
    await codes.invalidatePending(userId, purpose, now);
    await codes.insert({
      userId,
      purpose,
      codeHash: this.hash(userId, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    return code;
  }

  /**
   * Checks a code without spending it and returns its id for `codes.consume` (which the caller runs
   * in the transaction that acts on it). The try is counted first and outside any transaction, so a
   * failing request cannot roll its own count back.
   */
  async check(codes: CodesRepo, userId: string, purpose: CodePurpose, code: string): Promise<string> {
    const pending = await codes.findPending(userId, purpose);
    if (!pending) throw codeMismatch();
    if (pending.expiresAt.getTime() <= this.clock.now().getTime()) throw codeExpired();
    const tries = await codes.reserveAttempt(pending.id, MAX_CODE_ATTEMPTS);
    if (tries === undefined) throw tooManyTries();
    if (!this.matches(pending.codeHash, userId, purpose, code)) {
      // The last allowed wrong try burns the code: say so now rather than on the next try.
      throw tries >= MAX_CODE_ATTEMPTS ? tooManyTries() : codeMismatch();
    }
    return pending.id;
  }

  private hash(userId: string, purpose: CodePurpose, code: string): string {
    // Binding user and purpose means a code for one account or flow is useless for another.
    return createHmac('sha256', this.secret).update(`${purpose}:${userId}:${code}`).digest('hex');
  }

  private matches(stored: string, userId: string, purpose: CodePurpose, code: string): boolean {
    const expected = Buffer.from(this.hash(userId, purpose, code), 'hex');
    const actual = Buffer.from(stored, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
