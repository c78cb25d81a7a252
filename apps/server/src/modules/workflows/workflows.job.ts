import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { workflowServicesFor } from './workflow-services';

export const WORKFLOWS_JOB = 'workflows.fire-and-run';

/**
 * Every 30 s: queues a run for each schedule whose slot came, then executes what is queued
 * (uploads and manual runs also start a drain at once in their own process; this picks up the
 * rest: a process that died mid-run and whose lease passed, a node that runs no jobs).
 */
export function workflowsJob(ctx: AppContext) {
  return defineJob({
    name: WORKFLOWS_JOB,
    intervalMs: 30 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const runs = workflowServicesFor(ctx).runs;
      const fired = await runs.fireDue();
      const executed = await runs.drain(run.signal);
      await run.progress(`scheduled ${fired}, executed ${executed}`);
    },
  });
}
