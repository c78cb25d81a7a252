import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { defineJob } from '../../jobs/job';
import { merchModuleFor } from './merch.factory';

export const RELEASE_ABANDONED_JOB = 'merch.release-abandoned';

/**
 * Every 5 minutes: store checkouts left unconfirmed for 30 minutes are settled by what the payment
 * provider says (paid, or cancelled with their units back), also when nobody starts a checkout.
 */
export function releaseAbandonedJob(ctx: AppContext) {
  return defineJob({
    name: RELEASE_ABANDONED_JOB,
    intervalMs: 5 * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const cancelled = await merchModuleFor(ctx).checkout.releaseAbandoned();
      await run.progress(`cancelled ${cancelled} abandoned checkouts`);
    },
  });
}
