import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { RUNS_KEPT, RUNS_MAX_AGE_DAYS } from './workflow-runs.service';
import { workflowServicesFor } from './workflow-services';

export const WORKFLOW_RETENTION_JOB = 'workflows.prune-history';

/**
 * Every 6 h: deletes finished runs beyond each workflow's newest RUNS_KEPT that are also older
 * than RUNS_MAX_AGE_DAYS, so history (and the success-rate scan over it) stays bounded.
 */
export function workflowRetentionJob(ctx: AppContext) {
  return defineJob({
    name: WORKFLOW_RETENTION_JOB,
    intervalMs: 6 * 60 * 60 * 1000,
    payload: z.object({
      keep: z.number().int().min(1).default(RUNS_KEPT),
      maxAgeDays: z.number().int().min(1).default(RUNS_MAX_AGE_DAYS),
    }),
    defaultPayload: { keep: RUNS_KEPT, maxAgeDays: RUNS_MAX_AGE_DAYS },
    handler: async (payload, run) => {
      const pruned = await workflowServicesFor(ctx).runs.pruneHistory(payload.keep, payload.maxAgeDays);
      await run.progress(`pruned ${pruned} runs`);
    },
  });
}
