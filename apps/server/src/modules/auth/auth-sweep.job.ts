import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { VerificationCodesRepository } from './verification-codes.repository';

export const AUTH_SWEEP_JOB = 'auth.sweep-expired';

/**
 * Every hour: forgets rate-limit windows that have ended, and codes and refresh tokens past their
 * expiry (both are refused once expired anyway), so these tables hold only what can still matter.
 */
export function authSweepJob(ctx: AppContext) {
  const db = ctx.database.db;
  return defineJob({
    name: AUTH_SWEEP_JOB,
    intervalMs: 60 * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const now = ctx.clock.now();
      const windows = await ctx.rateLimits.sweep();
      await new VerificationCodesRepository(db).deleteExpired(now);
      await new RefreshTokensRepository(db).deleteExpired(now);
      await run.progress(`forgot ${windows} ended rate-limit windows; expired codes and tokens deleted`);
    },
  });
}
