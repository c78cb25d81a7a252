import { randomUUID } from 'node:crypto';
import type { CreditHoldsRepository, HoldRow, SettleResult } from './credit-holds.repository';
import type { ChargeObserver } from './credits.service';

interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface HoldsDeps {
  repo: Pick<CreditHoldsRepository, 'hold' | 'settle' | 'release' | 'ofInstances'>;
  alerts: ChargeObserver;
  /** This process (server_instances): a hold it takes is given back if it dies. */
  instanceId: string;
  log: Logger;
  /** First retry delay of a settlement that failed; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface Charge {
  userId: string;
  /** Millionths of a credit, > 0. */
  micros: number;
  /** The settlement's ledger idempotency key: the charge is taken once whoever settles it. */
  settleKey: string;
  description: string;
  metadata: Record<string, unknown>;
}

export type Reserved = { held: true; id: string } | { held: false; availableMicros: number };

/**
 * Credits held for paid work in flight (AI calls of prepaid accounts): reserved before the work
 * from what the balance has free, so concurrent calls cannot together overdraw it; settled to the
 * real cost after it, or given back when it failed. A settlement that fails (the database is
 * unreachable) is never dropped: the hold keeps the credits held and the settlement is retried
 * until it goes through; if this process dies first, the sweep of dead processes settles the hold
 * from the work's own record (`sweep`).
 */
export class CreditHoldsService {
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  /** Settlements waiting for another try, by hold. */
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(private readonly d: HoldsDeps) {
    this.retryMs = d.retryMs ?? 1000;
    this.maxRetryMs = d.maxRetryMs ?? 60_000;
  }

  /** Holds the charge's most it can cost; `held: false` with what is free when that does not cover it. */
  async reserve(c: Charge): Promise<Reserved> {
    const id = randomUUID();
    const r = await this.d.repo.hold({ id, instanceId: this.d.instanceId, ...c });
    return r.status === 'held' ? { held: true, id } : { held: false, availableMicros: r.availableMicros };
  }

  /**
   * Charges the real cost in place of the hold. Never throws: a failure is retried (with growing
   * delays) until it goes through, the credits staying held meanwhile.
   */
  async settle(holdId: string, c: Charge): Promise<void> {
    await this.trySettle(holdId, c, this.retryMs);
  }

  /** Gives a hold back (the work failed); a failure is retried as a settlement's is. */
  async release(holdId: string): Promise<void> {
    try {
      await this.d.repo.release(holdId);
    } catch (err) {
      this.d.log.warn({ err, holdId }, 'could not give back a credit hold; retrying');
      this.later(holdId, this.retryMs, (next) => this.releaseLater(holdId, next));
    }
  }

  /**
   * The holds of processes that died: each settled at the cost `costOf` finds for it (its work
   * finished and was recorded), or given back (it never finished, as far as anyone knows).
   */
  async sweep(
    lapsed: string[],
    costOf: (holds: HoldRow[]) => Promise<Map<string, Charge>>,
  ): Promise<{ settled: number; released: number }> {
    const holds = await this.d.repo.ofInstances(lapsed);
    if (holds.length === 0) return { settled: 0, released: 0 };
    const charges = await costOf(holds);
    let settled = 0;
    for (const h of holds) {
      const charge = charges.get(h.id);
      if (charge) {
        await this.charge(h.id, charge);
        settled++;
      } else {
        await this.d.repo.release(h.id);
      }
    }
    return { settled, released: holds.length - settled };
  }

  /** Settlements still waiting for a retry (tests, shutdown). */
  pendingCount(): number {
    return this.pending.size;
  }

  /** Stops retrying; what is still held is given back or settled by the sweep of dead processes. */
  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private async trySettle(holdId: string, c: Charge, delay: number): Promise<void> {
    try {
      await this.charge(holdId, c);
    } catch (err) {
      this.d.log.error(
        { err, holdId, userId: c.userId, micros: c.micros },
        'could not settle a credit hold; the credits stay held and the charge is retried',
      );
      this.later(holdId, delay, (next) => this.trySettle(holdId, c, next));
    }
  }

  private async releaseLater(holdId: string, delay: number): Promise<void> {
    try {
      await this.d.repo.release(holdId);
    } catch {
      this.later(holdId, delay, (next) => this.releaseLater(holdId, next));
    }
  }

  private later(holdId: string, delay: number, run: (nextDelay: number) => Promise<void>): void {
    const timer = setTimeout(() => {
      this.pending.delete(holdId);
      void run(Math.min(delay * 2, this.maxRetryMs));
    }, delay);
    timer.unref();
    this.pending.set(holdId, timer);
  }

  private async charge(holdId: string, c: Charge): Promise<SettleResult> {
    const r = await this.d.repo.settle(holdId, c);
    if (r.status === 'settled' && r.ledgerId !== null) {
      await this.d.alerts
        .afterCharge(c.userId, r.balanceAfterMicros + c.micros, r.balanceAfterMicros)
        .catch((err) => this.d.log.warn({ err }, 'alert check after an AI charge failed'));
    }
    return r;
  }
}
