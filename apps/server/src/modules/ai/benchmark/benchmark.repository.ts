import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiBenchmarkResults, aiBenchmarkRuns } from '../../../db/schema/index';

export type RunRow = typeof aiBenchmarkRuns.$inferSelect;
export type ResultRow = typeof aiBenchmarkResults.$inferSelect;
export type NewResultRow = typeof aiBenchmarkResults.$inferInsert;

/** Benchmark runs and their measured results. */
export class BenchmarkRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs of this user still marked running with no sign of life since `before` (neither started
   * nor given a result after it), other than `live` (running in this process): their process is
   * gone, so they are marked failed with `error`.
   */
  async failStale(userId: string, before: Date, live: string[], error: string): Promise<void> {
    const lastResult = sql`(select max(r.created_at) from ${aiBenchmarkResults} r where r.run_id = ${aiBenchmarkRuns.id})`;
    await this.db
      .update(aiBenchmarkRuns)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(
        and(
          eq(aiBenchmarkRuns.userId, userId),
          eq(aiBenchmarkRuns.status, 'running'),
          live.length > 0 ? notInArray(aiBenchmarkRuns.id, live) : undefined,
          sql`coalesce(${lastResult}, ${aiBenchmarkRuns.startedAt}) < ${before.toISOString()}::timestamptz`,
        ),
      );
  }

  /** A new running run; throws a unique violation when this user already has one running. */
  async insertRun(userId: string, providers: string[], total: number): Promise<RunRow> {
    const [row] = await this.db.insert(aiBenchmarkRuns).values({ userId, providers, total }).returning();
    if (!row) throw new Error('benchmark run not inserted');
    return row;
  }

  async addResult(row: NewResultRow): Promise<void> {
    await this.db.insert(aiBenchmarkResults).values(row);
  }

  async finish(runId: string, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await this.db
      .update(aiBenchmarkRuns)
      .set({ status, error, finishedAt: sql`now()` })
      .where(and(eq(aiBenchmarkRuns.id, runId), eq(aiBenchmarkRuns.status, 'running')));
  }

  async run(userId: string, runId: string): Promise<RunRow | null> {
    const [row] = await this.db
      .select()
      .from(aiBenchmarkRuns)
      .where(and(eq(aiBenchmarkRuns.id, runId), eq(aiBenchmarkRuns.userId, userId)));
    return row ?? null;
  }

  runs(userId: string, limit: number): Promise<RunRow[]> {
    return this.db
      .select()
      .from(aiBenchmarkRuns)
      .where(eq(aiBenchmarkRuns.userId, userId))
      .orderBy(desc(aiBenchmarkRuns.startedAt), desc(aiBenchmarkRuns.id))
      .limit(limit);
  }

  results(runIds: string[]): Promise<ResultRow[]> {
    if (runIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(aiBenchmarkResults)
      .where(inArray(aiBenchmarkResults.runId, runIds))
      .orderBy(aiBenchmarkResults.id);
  }
}
