import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { type GcResult, StorageGarbageCollector } from './storage-gc.service';

export const COLLECT_GARBAGE_JOB = 'files.collect-garbage';

const describe = (r: GcResult) =>
  `deleted ${r.blobs} unreferenced blobs, ${r.orphans} objects without a blob, ${r.temp} temporary objects`;

/** Every hour: bytes no file needs any more (see StorageGarbageCollector). */
export function collectGarbageJob(ctx: AppContext) {
  const collector = new StorageGarbageCollector(
    ctx.database.db,
    ctx.storage,
    ctx.clock,
    ctx.config.storageGcGraceMs,
    ctx.log,
    () => ctx.instance.liveProcesses(),
  );
  return defineJob({
    name: COLLECT_GARBAGE_JOB,
    intervalMs: 60 * 60 * 1000,
    payload: z.object({
      /** Overrides STORAGE_GC_GRACE_SECONDS for this run; never under a minute. */
      graceSeconds: z.number().int().min(60).optional(),
    }),
    defaultPayload: {},
    handler: async (payload, run) => {
      const done = await collector.collect({
        graceMs: payload.graceSeconds === undefined ? undefined : payload.graceSeconds * 1000,
        signal: run.signal,
        progress: (r) => run.progress(describe(r)),
      });
      await run.progress(describe(done));
    },
  });
}
