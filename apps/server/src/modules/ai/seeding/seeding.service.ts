import { setTimeout as sleep } from 'node:timers/promises';
import {
  SEED_MESSAGES,
  SEED_TABLES,
  type SeedCheckReply,
  type SeedClearReply,
  type SeedProgress,
  type SeedRealReply,
  type SeedSmartReply,
  type SeedTable,
} from '@stratos/contracts/ai/seeding.schema';
import type { Db } from '../../../db/client';
import { JobRunsRepository } from '../../../jobs/job-runs.repository';
import { readLeasedRun, withLeasedRun } from '../../../jobs/leased-run';
import { AppError, conflict } from '../../../lib/app-error';
import type { SeedRow } from './seed-common';
import { seedChunks, seedCounts } from './seed-generator';
import { SeedingRepository } from './seeding.repository';

/** The lease row in job_runs that makes seeding and clearing one at a time across the cluster. */
export const SEED_JOB = 'ai.seed';

export interface SeedRunSummary {
  operation: 'smart' | 'real';
  inserted: number;
  skipped: number;
}

export interface SeedingServiceOptions {
  db: Db;
  log: { error(obj: object, msg?: string): void };
  /** Told after every seed that inserted something (the integrator starts the embedding job here). */
  onSeeded?: (summary: SeedRunSummary) => void;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** How long the lease lasts unless renewed; a crashed process's lease frees itself after this. */
  leaseMs?: number;
  /** How often progress is written to the lease row for other processes (ms). */
  progressEveryMs?: number;
}

type TableCounts = Record<SeedTable, { inserted: number; skipped: number }>;
type Listener = (p: SeedProgress) => void;

/**
 * The seeding tool of part 2 (sections 2, 3, 9): fills the eight AI tables with the deterministic
 * synthetic data, one run at a time cluster-wide (a lease row in job_runs), reporting progress to
 * listeners in this process and to the lease row for the others.
 */
export class SeedingService {
  private readonly repo: SeedingRepository;
  private readonly leases: JobRunsRepository;
  private readonly listeners = new Set<Listener>();
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly progressEveryMs: number;

  constructor(private readonly opts: SeedingServiceOptions) {
    this.repo = new SeedingRepository(opts.db);
    this.leases = new JobRunsRepository(opts.db);
    this.batchSize = opts.batchSize ?? 2000;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.progressEveryMs = opts.progressEveryMs ?? 250;
  }

  /** Inserts only records not yet present (by content hash). */
  async smart(scale = 1): Promise<SeedSmartReply> {
    const r = await this.failingAs(SEED_MESSAGES.smartFailed, () => this.seed('smart', scale));
    return {
      success: true,
      totalInserted: r.inserted,
      totalSkipped: r.skipped,
      duration: r.duration,
      recordsPerSecond: r.recordsPerSecond,
      tables: r.tables,
    };
  }

  /** The full seed: afterwards every generated record is present; totalRecords counts them. */
  async real(scale = 1): Promise<SeedRealReply> {
    const r = await this.failingAs(SEED_MESSAGES.realFailed, () => this.seed('real', scale));
    return {
      success: true,
      totalRecords: r.inserted + r.skipped,
      duration: r.duration,
      recordsPerSecond: r.recordsPerSecond,
      tables: r.tables,
    };
  }

  async check(): Promise<SeedCheckReply> {
    const { tables, pendingEmbeddings } = await this.failingAs(SEED_MESSAGES.checkFailed, () =>
      this.repo.counts(),
    );
    const counts = SEED_TABLES.map((t) => tables[t] ?? 0);
    const totalRecords = counts.reduce((a, b) => a + b, 0);
    return {
      success: true,
      hasData: totalRecords > 0,
      totalRecords,
      tablesWithData: counts.filter((n) => n > 0).length,
      totalTables: SEED_TABLES.length,
      tables,
      pendingEmbeddings,
    };
  }

  /** Deletes every record of the eight tables (the route has checked the confirmation). */
  async clear(): Promise<SeedClearReply> {
    return this.failingAs(SEED_MESSAGES.clearFailed, () =>
      this.underLease(async () => {
        const deleted = await this.repo.clearAll();
        return {
          success: true as const,
          totalDeleted: Object.values(deleted).reduce((a, b) => a + b, 0),
          clearedTables: SEED_TABLES.filter((t) => deleted[t] > 0),
        };
      }),
    );
  }

  /** Progress events of runs in this process, as they happen; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The run in progress anywhere in the cluster (from its lease row), or null. */
  async running(): Promise<SeedProgress | null> {
    return (await this.state()).running;
  }

  /** The run in progress, if any, and how the last one ended (succeeded, failed), from the lease row. */
  async state(): Promise<{ running: SeedProgress | null; lastStatus: string | null }> {
    const { progress, live, lastStatus } = await readLeasedRun<SeedProgress>(this.leases, SEED_JOB);
    return { running: live && lastStatus === 'running' ? progress : null, lastStatus };
  }

  private async seed(operation: 'smart' | 'real', scale: number) {
    const counts = seedCounts(scale);
    const totalRecords = SEED_TABLES.reduce((n, t) => n + counts[t], 0);
    const startedAt = Date.now();
    const progress: SeedProgress = {
      isSeeding: true,
      operation,
      status: 'running',
      currentTable: null,
      currentOperation: 'Generating records',
      tablesCompleted: 0,
      totalTables: SEED_TABLES.length,
      recordsCreated: 0,
      recordsProcessed: 0,
      totalRecords,
      recordsPerSecond: 0,
      startTime: new Date(startedAt).toISOString(),
    };
    const tables = Object.fromEntries(
      SEED_TABLES.map((t) => [t, { inserted: 0, skipped: 0 }]),
    ) as TableCounts;
    const result = await this.underLease(async (report) => {
      await report(progress, true);
      // The next chunk is generated (CPU here) while the database inserts this one.
      let inserting: Promise<void> | null = null;
      const insert = async (table: SeedTable, batch: SeedRow[]) => {
        const inserted = await this.repo.insertBatch(table, batch);
        tables[table].inserted += inserted;
        tables[table].skipped += batch.length - inserted;
        progress.recordsCreated += inserted;
        progress.recordsProcessed += batch.length;
        progress.recordsPerSecond = rate(progress.recordsProcessed, startedAt);
        await report(progress, false);
      };
      for (const [table, batch] of seedChunks(scale, new Date(startedAt), this.batchSize)) {
        await inserting;
        if (progress.currentTable !== table) {
          if (progress.currentTable !== null) {
            progress.tablesCompleted++;
            await report(progress, true);
          }
          progress.currentTable = table;
          progress.currentOperation = `Seeding ${table}`;
        }
        inserting = insert(table, batch);
        // Awaited at the next chunk; until then a failure must not count as unhandled.
        inserting.catch(() => {});
        // One turn of the event loop (a timer, not setImmediate): the pool hands the statement to
        // the database only then, and generating the next chunk before would delay it (measured:
        // 6.2 s for 90,000 records without, 3.2 s with). Other requests run meanwhile too.
        await sleep(1);
      }
      await inserting;
      progress.tablesCompleted++;
      progress.currentTable = null;
      progress.currentOperation = 'Completed';
      return progress;
    }, progress);
    const summary = {
      operation,
      inserted: result.recordsCreated,
      skipped: result.recordsProcessed - result.recordsCreated,
    };
    if (summary.inserted > 0) this.opts.onSeeded?.(summary);
    const duration = Date.now() - startedAt;
    return { ...summary, tables, duration, recordsPerSecond: rate(result.recordsProcessed, startedAt) };
  }

  /**
   * Runs `work` holding the cluster-wide seeding lease (409 when another run holds it), renewing
   * it meanwhile, and tells listeners of progress and of the end.
   */
  private async underLease<T>(
    work: (report: (p: SeedProgress, force: boolean) => Promise<void>) => Promise<T>,
    progress?: SeedProgress,
  ): Promise<T> {
    let done: { value: T } | null;
    // Listeners hear of a failure only of a run that started (not of a lease that could not be read).
    let started = false;
    try {
      done = await withLeasedRun(
        { leases: this.leases, name: SEED_JOB, leaseMs: this.leaseMs, progressEveryMs: this.progressEveryMs },
        (run) => {
          started = true;
          return work(async (p, force) => {
            if (run.lost) throw new Error('The seeding lease was lost');
            this.emit(p);
            await run.report(() => JSON.stringify(p), force);
          });
        },
      );
    } catch (err) {
      if (progress && started) this.emit({ ...progress, isSeeding: false, status: 'failed' });
      throw err;
    }
    if (!done) throw conflict(SEED_MESSAGES.alreadyRunning, 'SEEDING_IN_PROGRESS');
    if (progress) this.emit({ ...progress, isSeeding: false, status: 'succeeded' });
    return done.value;
  }

  private emit(p: SeedProgress) {
    const copy = { ...p };
    for (const listener of this.listeners) listener(copy);
  }

  /** The specification's message for a failed call; refusals (409 and the like) pass unchanged. */
  private async failingAs<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.opts.log.error({ err }, message);
      throw new AppError(500, 'SEEDING_FAILED', message);
    }
  }
}

const rate = (records: number, since: number) =>
  Math.round(records / Math.max(0.001, (Date.now() - since) / 1000));
