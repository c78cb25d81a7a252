import { ALERT_THRESHOLDS } from '@stratos/contracts/billing/alerts.schema';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { alertsServiceFor } from './alerts.service';

export const CHECK_ALERTS_JOB = 'billing.check-alerts';

/** Every 30 minutes: re-evaluates the alerts of every user whose alerts may change. */
export function checkAlertsJob(ctx: AppContext) {
  const service = alertsServiceFor(ctx);
  return defineJob({
    name: CHECK_ALERTS_JOB,
    intervalMs: ALERT_THRESHOLDS.checkEveryMinutes * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const n = await service.checkAll({
        signal: run.signal,
        progress: (done) => run.progress(`checked ${done} users`),
      });
      await run.progress(`checked ${n} users`);
    },
  });
}
