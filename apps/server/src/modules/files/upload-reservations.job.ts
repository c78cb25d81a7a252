import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { UploadReservationsRepository } from './upload-reservations.repository';

export const EXPIRE_RESERVATIONS_JOB = 'files.expire-reservations';
const BATCH = 1000;

/**
 * Every 15 minutes: deletes quota reservations past their expiry (uploads whose process died or
 * whose client went away). They stopped counting against the quota when they expired; this only
 * keeps the table small.
 */
export function expireReservationsJob(ctx: AppContext) {
  const reservations = new UploadReservationsRepository(ctx.database.db);
  return defineJob({
    name: EXPIRE_RESERVATIONS_JOB,
    intervalMs: 15 * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      let deleted = 0;
      for (;;) {
        if (run.signal.aborted) break;
        const n = await reservations.deleteExpired(ctx.clock.now(), BATCH);
        deleted += n;
        if (n < BATCH) break;
      }
      await run.progress(`deleted ${deleted} expired reservations`);
    },
  });
}
