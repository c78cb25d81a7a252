import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { analysisServicesFor } from './analysis-services';

export const ANALYZE_FILES_JOB = 'ai.analyze-files';

/**
 * Every minute: works through the file-analysis queue. Uploads and POSTs also start a drain at
 * once in their own process; this run picks up whatever is left (a provider came back, a worker
 * died and its lease passed, a node that queued runs no jobs).
 */
export function analyzeFilesJob(ctx: AppContext) {
  return defineJob({
    name: ANALYZE_FILES_JOB,
    intervalMs: 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const r = await analysisServicesFor(ctx).service.drain(run.signal);
      await run.progress(
        `analysed ${r.completed}, failed ${r.failed}, retrying ${r.retried}, unsupported ${r.unsupported}${
          r.noProviders ? '; stopped: no AI provider available' : ''
        }`,
      );
    },
  });
}
