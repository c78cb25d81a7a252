import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema/index';

export type JobRunRow = typeof jobRuns.$inferSelect;

/**
 * SQL for job_runs. Lease and schedule use the database's clock, so nodes with skewed clocks still
 * agree on who holds a lease and when a job is due.
 */
export class JobRunsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes or renews the lease on `name` for `owner` (creating the row the first time) and says
   * whether a run is due. Null when another node holds a live lease. The update is one atomic
   * statement, so of several nodes asking at once exactly one gets it.
   */
  async acquire(
    name: string,
    owner: string,
    leaseMs: number,
    intervalMs: number,
  ): Promise<{ due: boolean } | null> {
    await this.db.insert(jobRuns).values({ name }).onConflictDoNothing();
    const rows = await this.db
      .update(jobRuns)
      .set({ leaseOwner: owner, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        and(
          eq(jobRuns.name, name),
          sql`(${jobRuns.leaseUntil} is null or ${jobRuns.leaseUntil} < now() or ${jobRuns.leaseOwner} = ${owner})`,
        ),
      )
      .returning({
        due: sql<boolean>`(${jobRuns.lastStartedAt} is null or ${jobRuns.lastStartedAt} <= now() - ${intervalMs} * interval '1 millisecond')`,
      });
    const row = rows[0];
    return row ? { due: row.due === true } : null;
  }

  /** Marks a run started; false when the lease was lost meanwhile. */
  async start(name: string, owner: string): Promise<boolean> {
    const rows = await this.db
      .update(jobRuns)
      .set({ lastStartedAt: sql`now()`, lastStatus: 'running', lastError: null, progress: null })
      .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseOwner, owner)))
      .returning({ name: jobRuns.name });
    return rows.length > 0;
  }

  /** Stores progress and renews the lease; false when this node no longer holds it. */
  async progress(name: string, owner: string, message: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(jobRuns)
      .set({ progress: message, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseOwner, owner)))
      .returning({ name: jobRuns.name });
    return rows.length > 0;
  }

  /** Extends a held lease; false when this node no longer holds it. */
  async renew(name: string, owner: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(jobRuns)
      .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseOwner, owner)))
      .returning({ name: jobRuns.name });
    return rows.length > 0;
  }

  async finish(
    name: string,
    owner: string,
    status: 'succeeded' | 'failed',
    error: string | null,
  ): Promise<void> {
    await this.db
      .update(jobRuns)
      .set({ lastFinishedAt: sql`now()`, lastStatus: status, lastError: error })
      .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseOwner, owner)));
  }

  /**
   * Asks the run in progress (on any node) to stop: its status becomes 'stopping' while its lease
   * is live; the owner sees it and stops. False when no run is in progress.
   */
  async requestStop(name: string): Promise<boolean> {
    const rows = await this.db
      .update(jobRuns)
      .set({ lastStatus: 'stopping' })
      .where(
        and(eq(jobRuns.name, name), eq(jobRuns.lastStatus, 'running'), sql`${jobRuns.leaseUntil} >= now()`),
      )
      .returning({ name: jobRuns.name });
    return rows.length > 0;
  }

  /** Gives the lease up (on shutdown) so another node takes over without waiting for it to expire. */
  async release(name: string, owner: string): Promise<void> {
    await this.db
      .update(jobRuns)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseOwner, owner)));
  }

  async get(name: string): Promise<JobRunRow | undefined> {
    const rows = await this.db.select().from(jobRuns).where(eq(jobRuns.name, name));
    return rows[0];
  }
}
