import type { BillingUsageReply } from '@stratos/contracts/billing/credits.schema';
import { notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { isUnlimited } from './billing-access';
import type { CreditsRepository } from './credits.repository';
import {
  addDays,
  billingKind,
  DAY_MS,
  dailyCostDollars,
  dayStart,
  storageDollarsPerDay,
  TRANSFER_WINDOW_DAYS,
  tidy,
  toCredits,
  transferDollars,
  utcDay,
} from './pricing';
import type { UsageRepository } from './usage.repository';
import { daySeries } from './usage-series';

/** The /billing page's charts: each day's storage, transfer, what they cost and what was charged. */
export class UsageService {
  constructor(
    private readonly d: {
      usage: Pick<UsageRepository, 'figures' | 'current' | 'metered'>;
      repo: Pick<CreditsRepository, 'holder'>;
      clock: Clock;
      superadminEmail?: string;
    },
  ) {}

  /** The last `days` UTC days, today (so far) included, oldest first. */
  async usage(userId: string, days: number): Promise<BillingUsageReply> {
    const now = this.d.clock.now();
    const fromDay = addDays(utcDay(now), -(days - 1));
    const [holder, figures, current, metered] = await Promise.all([
      this.d.repo.holder(userId),
      this.d.usage.figures(userId, dayStart(fromDay), now),
      this.d.usage.current(userId, new Date(now.getTime() - TRANSFER_WINDOW_DAYS * DAY_MS)),
      this.d.usage.metered(userId, fromDay),
    ]);
    if (!holder) throw notFound('User not found');
    const series = daySeries(figures, fromDay, now).map((u) => {
      // A day's storage cost is what metering charges for it: bytes integrated over the day.
      const avgBytes = Number(u.byteMs) / DAY_MS;
      return {
        date: u.day,
        storageBytes: Number(u.endBytes),
        transferBytes: Number(u.transferBytes),
        storageCost: tidy(storageDollarsPerDay(avgBytes)),
        transferCost: tidy(transferDollars(Number(u.transferBytes))),
        creditsCharged: toCredits(metered.get(u.day) ?? 0),
      };
    });
    return {
      success: true,
      days: series,
      dailyCost: tidy(dailyCostDollars(current.usedBytes, current.transferBytes)),
      billing: billingKind(holder.planId, isUnlimited(holder, this.d.superadminEmail)),
    };
  }
}
