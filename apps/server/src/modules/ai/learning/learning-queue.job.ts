import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { learningQueueFor } from './learning-services';

export const LEARNING_QUEUE_JOB = 'ai.learning.queue';

/**
 * Every minute: the per-interaction learning queue's leftovers (a process that queued and died, or
 * runs no jobs, or a row whose learning failed and is due again). Chat drains it itself 1 s after
 * each reply; nothing is claimed while learning is off.
 */
export const learningQueueJob = (ctx: AppContext) =>
  defineJob({
    name: LEARNING_QUEUE_JOB,
    intervalMs: 60_000,
    payload: z.object({}),
    defaultPayload: {},
    async handler(_payload, run) {
      const r = await learningQueueFor(ctx).worker.drain(run.signal);
      await run.progress(
        r.on
          ? `learned from ${r.learned} interactions: ${r.knowledgeItems} knowledge items, ${r.failed} failed`
          : 'learning off',
      );
    },
  });
