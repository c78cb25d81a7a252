import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOf } from '../../../test/prepared-plans';
import { openTestDatabase } from '../../../test/test-app';
import { insertTestUser } from '../../../test/users.fixture';
import type { Database } from '../../db/client';
import { AnalysisRepository } from '../ai/analysis/analysis.repository';
import { StatsRepository } from './stats.repository';

/**
 * The dashboard's three statements are prepared: planned once per session and then run on their
 * generic plan, instead of being parsed and planned at every dashboard (which cost more than
 * running them). Both engines; the figures they return are stats.api.test.ts's.
 */
describe('dashboard statements', () => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('are planned once and then run on their generic plan', async () => {
    const user = await insertTestUser(database.db);
    const stats = new StatsRepository(database.db);
    const analyses = new AnalysisRepository(database.db);
    for (let n = 0; n < 10; n++) {
      expect(await stats.overview(user.id, new Date(Date.now() - 86_400_000))).toMatchObject({
        fileCount: 0,
        usedBytes: 0,
      });
      expect(await stats.recentFiles(user.id, 5)).toEqual([]);
      expect(await analyses.totalRuns(user.id)).toBe(0);
    }
    for (const fragment of ['as found', 'with recursive recent as', 'sum(a.runs)']) {
      const plans = await plansOf(database.db, fragment);
      expect(plans.custom, fragment).toBeLessThanOrEqual(5);
      expect(plans.generic, fragment).toBeGreaterThanOrEqual(4);
    }
    // An account that does not exist: no figures.
    expect(await stats.overview(randomUUID(), new Date())).toBeNull();
  });
});
