import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { LedgerRepository } from '../ledger.repository';
import { isUnlimited } from './billing-access';
import type { MeteringRepository } from './metering.repository';
import { addDays, DAY_MS, dayCostMicros, dayStart, utcDay } from './pricing';
import type { UsageRepository } from './usage.repository';
import { daySeries } from './usage-series';

/** Days further back than this are not metered any more (a job stopped for long does not bill them). */
export const MAX_CATCH_UP_DAYS = 31;
const PAGE = 200;

export interface MeteringOutcome {
  accounts: number;
  days: number;
  /** Credits charged in total, and left unpaid because the balance ran out (millionths). */
  chargedMicros: number;
  unpaidMicros: number;
}

export interface MeteringDeps {
  db: Db;
  clock: Clock;
  repo: MeteringRepository;
  usage: Pick<UsageRepository, 'figures'>;
  ledger: Pick<LedgerRepository, 'applyCredit'>;
  /** Called for each account metered, after its days are charged (the alert check). */
  afterAccount?: (userId: string) => Promise<void>;
  superadminEmail?: string;
}

/**
 * The daily metering of prepaid accounts (docs/billing-design.md, Credits): each complete UTC day
 * not yet metered costs its stored bytes (integrated over the day) at $0.20 per GB-month / 30 plus
 * its transfers at $0.10 per GB, taken from the balance but never below zero (the rest is recorded
 * as unpaid). Each (user, day) is metered once: its metering_days row is claimed in the same
 * transaction as the one `credit_metering` ledger row (key `meter:<day>`).
 */
export class MeteringService {
  constructor(private readonly d: MeteringDeps) {}

  async meterAll(opts: { signal?: AbortSignal } = {}): Promise<MeteringOutcome> {
    const out: MeteringOutcome = { accounts: 0, days: 0, chargedMicros: 0, unpaidMicros: 0 };
    let after: string | null = null;
    for (;;) {
      const page = await this.d.repo.prepaidAccounts(after, PAGE);
      for (const account of page) {
        if (opts.signal?.aborted) return out;
        if (isUnlimited(account, this.d.superadminEmail)) continue;
        const r = await this.meterAccount(account.userId, account.lastDay, account.firstPurchaseAt);
        if (r.days > 0) {
          out.accounts++;
          out.days += r.days;
          out.chargedMicros += r.chargedMicros;
          out.unpaidMicros += r.unpaidMicros;
          await this.d.afterAccount?.(account.userId);
        }
      }
      if (page.length < PAGE) return out;
      after = (page[page.length - 1] as { userId: string }).userId;
    }
  }

  /**
   * Meters the user's complete days after `lastDay` (else from the day after their first purchase,
   * else yesterday), at most MAX_CATCH_UP_DAYS back.
   */
  async meterAccount(
    userId: string,
    lastDay: string | null,
    firstPurchaseAt: Date | null,
  ): Promise<Omit<MeteringOutcome, 'accounts'>> {
    const today = utcDay(this.d.clock.now());
    const floor = addDays(today, -MAX_CATCH_UP_DAYS);
    let from = lastDay
      ? addDays(lastDay, 1)
      : firstPurchaseAt
        ? addDays(utcDay(firstPurchaseAt), 1)
        : addDays(today, -1);
    if (from < floor) from = floor;
    const out = { days: 0, chargedMicros: 0, unpaidMicros: 0 };
    if (from >= today) return out;
    const figures = await this.d.usage.figures(userId, dayStart(from), dayStart(today));
    for (const u of daySeries(figures, from, dayStart(today))) {
      const costMicros = dayCostMicros(u.byteMs, u.transferBytes);
      const charged = await this.meterDay({
        userId,
        day: u.day,
        storageBytes: Math.round(Number(u.byteMs) / DAY_MS),
        transferBytes: Number(u.transferBytes),
        costMicros,
      });
      if (charged === null) continue;
      out.days++;
      out.chargedMicros += charged;
      out.unpaidMicros += costMicros - charged;
    }
    return out;
  }

  /** One day in one transaction; null when it was already metered. */
  private meterDay(day: Parameters<MeteringRepository['claimDay']>[1]): Promise<number | null> {
    return this.d.db.transaction(async (tx) => {
      const balance = await this.d.repo.claimDay(tx, day);
      if (balance === null) return null;
      const charge = Math.min(day.costMicros, balance);
      if (charge <= 0) return 0;
      const result = await this.d.ledger.applyCredit(
        {
          userId: day.userId,
          kind: 'credit_metering',
          micros: -charge,
          description: `Storage and transfer on ${day.day}`,
          idempotencyKey: `meter:${day.day}`,
          metadata: {
            day: day.day,
            storageBytes: day.storageBytes,
            transferBytes: day.transferBytes,
            cost: day.costMicros / 1e6,
          },
        },
        tx,
      );
      if (result.status !== 'applied') throw new Error(`metering ${day.userId} ${day.day}: ${result.status}`);
      await this.d.repo.setCharged(tx, day.userId, day.day, charge);
      return charge;
    });
  }
}
