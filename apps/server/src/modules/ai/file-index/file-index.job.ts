import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { fileIndexServicesFor } from './file-index-services';

export const INDEX_FILES_JOB = 'ai.index-files';

/**
 * Every minute: queues readable files that have no index row (the sweep: files that arrived by a
 * path that does not queue), indexes what is pending (uploads also start a drain at once), and
 * embeds chunks stored while no embedding provider answered.
 */
export function indexFilesJob(ctx: AppContext) {
  return defineJob({
    name: INDEX_FILES_JOB,
    intervalMs: 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const r = await fileIndexServicesFor(ctx).indexer.drain(run.signal, { sweep: true });
      await run.progress(
        `swept ${r.queuedBySweep}, indexed ${r.indexed}, unreadable ${r.unreadable}, failed ${r.failed}, retrying ${r.retried}, embedded ${r.embeddedChunks} chunks`,
      );
    },
  });
}
