import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { RecycleBinService } from './recycle-bin.service';

export const PURGE_EXPIRED_JOB = 'recycle-bin.purge-expired';

/** Every hour: purges what has been in the recycle bin longer than the retention (app setting). */
export function purgeExpiredJob(ctx: AppContext) {
  const service = new RecycleBinService(ctx.database.db, ctx.storage, ctx.clock, ctx.log);
  return defineJob({
    name: PURGE_EXPIRED_JOB,
    intervalMs: 60 * 60 * 1000,
    payload: z.object({
      /** Overrides the `recycleRetentionDays` setting for this run. */
      retentionDays: z.number().int().min(0).optional(),
    }),
    defaultPayload: {},
    handler: async (payload, run) => {
      const done = await service.purgeExpired({
        retentionDays: payload.retentionDays,
        signal: run.signal,
        progress: (n) => run.progress(`purged ${n.files} files, ${n.folders} folders, ${n.bytes} bytes`),
      });
      await run.progress(`purged ${done.files} files, ${done.folders} folders, ${done.bytes} bytes`);
    },
  });
}
