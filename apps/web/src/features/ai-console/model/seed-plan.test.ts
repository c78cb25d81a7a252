import type { SeedCheckReply, SeedProgress } from '@stratos/contracts/ai/seeding.schema';
import { SEED_TABLES, SEED_TARGETS } from '@stratos/contracts/ai/seeding.schema';
import { describe, expect, it } from 'vitest';
import { SEED_TARGET_TOTAL, tablePlan } from './seed-plan';

const check = (n: (t: string) => number): SeedCheckReply => ({
  success: true,
  hasData: true,
  totalRecords: 0,
  tablesWithData: 0,
  totalTables: 8,
  tables: Object.fromEntries(SEED_TABLES.map((t) => [t, n(t)])) as SeedCheckReply['tables'],
  pendingEmbeddings: 0,
});

describe('the seeding plan', () => {
  it('targets 90,000 records', () => expect(SEED_TARGET_TOTAL).toBe(90_000));

  it('while seeding: done tables Seeded, the current one Seeding, the rest Pending', () => {
    const progress = {
      isSeeding: true,
      operation: 'smart',
      status: 'running',
      currentTable: SEED_TABLES[2],
      tablesCompleted: 2,
    } as SeedProgress;
    expect(tablePlan(undefined, progress).map((p) => p.state)).toEqual([
      'Seeded',
      'Seeded',
      'Seeding',
      'Pending',
      'Pending',
      'Pending',
      'Pending',
      'Pending',
    ]);
  });

  it('when idle: a table holding its target is Seeded', () => {
    const plan = tablePlan(
      check((t) => (t === 'ai_knowledge_base' ? SEED_TARGETS.ai_knowledge_base : 3)),
      null,
    );
    expect(plan[0]).toMatchObject({ state: 'Seeded', stored: 12_000 });
    expect(plan.slice(1).every((p) => p.state === 'Pending' && p.stored === 3)).toBe(true);
  });
});
