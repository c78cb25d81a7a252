import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { alertsServiceFor } from '../alerts/alerts.service';
import { LedgerRepository } from '../ledger.repository';
import { MeteringRepository } from './metering.repository';
import { MeteringService } from './metering.service';
import { UsageRepository } from './usage.repository';

export const METER_PREPAID_JOB = 'billing.meter-prepaid';

export function meteringServiceFor(ctx: AppContext): MeteringService {
  const db = ctx.database.db;
  const alerts = alertsServiceFor(ctx);
  return new MeteringService({
    db,
    clock: ctx.clock,
    repo: new MeteringRepository(db),
    usage: new UsageRepository(db),
    ledger: new LedgerRepository(db),
    afterAccount: async (userId) => {
      await alerts.check(userId);
    },
    superadminEmail: ctx.config.superadminEmail,
  });
}

/** Daily, under the job lease: charges prepaid accounts for the days not yet metered, then checks their alerts. */
export function meterPrepaidJob(ctx: AppContext) {
  const service = meteringServiceFor(ctx);
  return defineJob({
    name: METER_PREPAID_JOB,
    intervalMs: 24 * 60 * 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const o = await service.meterAll({ signal: run.signal });
      await run.progress(
        `metered ${o.days} days of ${o.accounts} accounts: ${o.chargedMicros / 1e6} credits charged, ${o.unpaidMicros / 1e6} unpaid`,
      );
    },
  });
}
