import { GroupCommit } from '../../../lib/group-commit';
import type { LedgerRepository, Spend, SpendResult } from '../ledger.repository';

/**
 * Group commit for credit deductions of one account. Concurrent deductions of one user all wait
 * for the same row lock, each holding it through its own commit; so while one is in flight here,
 * the next ones queue and go together in one transaction (`LedgerRepository.applySpends`), which
 * takes each of them exactly as one-by-one calls would. A deduction alone goes at the end of the
 * event loop's turn, in one statement (`applySpend`): no clock timer. Per process; several processes stay correct,
 * since every path locks the account row before reading the balance.
 */
export class DeductionBatcher {
  private readonly group: GroupCommit<string, Spend, SpendResult>;

  constructor(ledger: Pick<LedgerRepository, 'applySpend' | 'applySpends'>) {
    this.group = new GroupCommit(
      {
        one: (userId, spend) => ledger.applySpend(userId, spend),
        many: (userId, spends) => ledger.applySpends(userId, spends),
      },
      { maxBatch: 256 },
    );
  }

  spend(userId: string, spend: Spend): Promise<SpendResult> {
    return this.group.submit(userId, spend);
  }
}
