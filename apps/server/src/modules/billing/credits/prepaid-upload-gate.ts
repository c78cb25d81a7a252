import type { Db } from '../../../db/client';
import { insufficientCredits } from './billing-access';
import { CreditsRepository } from './credits.repository';

/**
 * Prepaid accounts have no storage cap while credits last; with an empty balance they cannot
 * upload (402 'Insufficient credits'). The files module calls this before reserving quota.
 */
export class PrepaidUploadGate {
  private readonly repo: CreditsRepository;

  constructor(db: Db) {
    this.repo = new CreditsRepository(db);
  }

  async assertCanUpload(userId: string): Promise<void> {
    if (await this.repo.prepaidAndEmpty(userId)) throw insufficientCredits();
  }
}
