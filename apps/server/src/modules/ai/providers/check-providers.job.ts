import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { aiServicesFor } from './ai-services';

export const CHECK_PROVIDERS_JOB = 'ai.check-providers';

/** Every 5 minutes (part 2 section 9: 300000 ms): checks every AI provider and stores its status. */
export function checkProvidersJob(ctx: AppContext) {
  return defineJob({
    name: CHECK_PROVIDERS_JOB,
    intervalMs: 5 * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      await aiServicesFor(ctx).registry.checkAll();
      await run.progress('checked AI providers');
    },
  });
}
