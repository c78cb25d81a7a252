import type { LedgerRepository, Spend, SpendResult } from '../ledger.repository';

/** Spends queued behind one statement in flight are sent together, at most this many at a time. */
const MAX_BATCH = 256;

interface Queued {
  spend: Spend;
  resolve(result: SpendResult): void;
  reject(err: unknown): void;
}

/**
 * Group commit for credit deductions of one account. Concurrent deductions of one user all wait
 * for the same row lock, each holding it through its own commit; so while one is in flight here,
 * the next ones queue and go together in one transaction (`LedgerRepository.applySpends`), which
 * takes each of them exactly as one-by-one calls would. A deduction alone goes at once, in one
 * statement (`applySpend`): no timer, no added wait. Per process; several processes stay correct,
 * since every path locks the account row before reading the balance.
 */
export class DeductionBatcher {
  private readonly queues = new Map<string, Queued[]>();

  constructor(private readonly ledger: Pick<LedgerRepository, 'applySpend' | 'applySpends'>) {}

  spend(userId: string, spend: Spend): Promise<SpendResult> {
    return new Promise<SpendResult>((resolve, reject) => {
      const queue = this.queues.get(userId);
      if (queue) {
        queue.push({ spend, resolve, reject });
        return;
      }
      this.queues.set(userId, []);
      this.ledger
        .applySpend(userId, spend)
        .then(resolve, reject)
        .finally(() => this.drain(userId));
    });
  }

  private async drain(userId: string): Promise<void> {
    for (;;) {
      const queue = this.queues.get(userId) ?? [];
      if (queue.length === 0) {
        this.queues.delete(userId);
        return;
      }
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const results =
          batch.length === 1
            ? [await this.ledger.applySpend(userId, (batch[0] as Queued).spend)]
            : await this.ledger.applySpends(
                userId,
                batch.map((q) => q.spend),
              );
        for (const [i, q] of batch.entries()) q.resolve(results[i] as SpendResult);
      } catch (err) {
        for (const q of batch) q.reject(err);
      }
    }
  }
}
