import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { paymentsModuleFor } from './payments.factory';
import type { RenewalSummary } from './subscriptions.service';

export const RENEW_SUBSCRIPTIONS_JOB = 'billing.renew-subscriptions';

/**
 * Every hour (under the database lease): charges due subscriptions with their saved card, retries
 * past-due ones daily, ends cancelled ones and moves those past the grace period to Free.
 */
export function renewSubscriptionsJob(ctx: AppContext) {
  const { subscriptions } = paymentsModuleFor(ctx);
  const line = (s: RenewalSummary) =>
    `renewed ${s.renewed}, failed ${s.failed}, ended ${s.ended}, downgraded ${s.downgraded}, errors ${s.errors}`;
  return defineJob({
    name: RENEW_SUBSCRIPTIONS_JOB,
    intervalMs: 60 * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const done = await subscriptions.renewDue({
        signal: run.signal,
        progress: (s) => run.progress(line(s)),
      });
      await run.progress(line(done));
    },
  });
}
