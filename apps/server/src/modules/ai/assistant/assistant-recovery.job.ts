import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { assistantServiceFor } from './assistant-services';

export const ASSISTANT_RECOVERY_JOB = 'ai.assistant.recover';

/**
 * Every minute: assistant actions left 'running' by a process that died mid-action (their lease
 * passed) are marked failed with the reason the page shows, so the user can retry them.
 */
export const assistantRecoveryJob = (ctx: AppContext) =>
  defineJob({
    name: ASSISTANT_RECOVERY_JOB,
    intervalMs: 60_000,
    payload: z.object({}),
    defaultPayload: {},
    async handler(_payload, run) {
      const n = await assistantServiceFor(ctx).sweepInterrupted();
      await run.progress(`${n} interrupted actions marked failed`);
    },
  });
