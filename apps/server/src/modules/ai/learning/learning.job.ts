import { LEARNING_LIMITS } from '@stratos/contracts/ai/learning.schema';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { LEARNING_JOB } from './learning.service';
import { learningServiceFor } from './learning-services';

/**
 * The learning cycle every 10 minutes (part 2 section 9). It does nothing while learning is off or
 * the kill switch is on; a cycle already running (on demand, elsewhere) makes it skip this turn.
 */
export const learningCycleJob = (ctx: AppContext) =>
  defineJob({
    name: LEARNING_JOB,
    intervalMs: LEARNING_LIMITS.cycleIntervalMs,
    payload: z.object({}),
    defaultPayload: {},
    async handler(_payload, run) {
      const cycle = await learningServiceFor(ctx).scheduledCycle(run.signal);
      await run.progress(
        cycle ? `cycle ${cycle.id}: ${cycle.improvementsStored} improvements` : 'learning off',
      );
    },
  });
