import type { SeedCheckReply, SeedProgress, SeedTable } from '@stratos/contracts/ai/seeding.schema';
import { SEED_TABLES, SEED_TARGETS } from '@stratos/contracts/ai/seeding.schema';

export type TableState = 'Seeded' | 'Seeding' | 'Pending';

/** Records a full seed writes (part 2 section 3): 90,000. */
export const SEED_TARGET_TOTAL = SEED_TABLES.reduce((n, t) => n + SEED_TARGETS[t], 0);

export interface TablePlan {
  table: SeedTable;
  target: number;
  stored: number | null;
  state: TableState;
}

/**
 * Each table's card: while a run goes, the tables before the current one are Seeded, the current
 * one Seeding and the rest Pending; when idle, a table holding its whole target is Seeded.
 */
export function tablePlan(check: SeedCheckReply | undefined, progress: SeedProgress | null): TablePlan[] {
  const running = progress?.isSeeding && progress.operation !== 'clear';
  return SEED_TABLES.map((table, i) => {
    const stored = check?.tables[table] ?? null;
    let state: TableState;
    if (running && progress) {
      const current = progress.currentTable ? SEED_TABLES.indexOf(progress.currentTable) : -1;
      state = i < progress.tablesCompleted ? 'Seeded' : i === current ? 'Seeding' : 'Pending';
    } else state = stored !== null && stored >= SEED_TARGETS[table] ? 'Seeded' : 'Pending';
    return { table, target: SEED_TARGETS[table], stored, state };
  });
}
