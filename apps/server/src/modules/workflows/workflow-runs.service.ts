import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { StepOutcome } from '@stratos/contracts/workflows/workflow.schema';
import { type FileTypeFilter, RUN_FILES_MAX } from '@stratos/contracts/workflows/workflow-steps.schema';
import type { Db } from '../../db/client';
import { matchesFileType } from './file-type-match';
import { type RunFile, runSteps, type StepDeps } from './workflow-steps.runner';
import type { RunRow, WorkflowRow, WorkflowsRepository } from './workflows.repository';

/** A running run whose process has not renewed it within this is taken again (that process died). */
export const RUN_LEASE_MS = 2 * 60 * 1000;
/** Runs executed at the same time by one drain. */
export const RUN_CONCURRENCY = 2;
/** History kept: the newest RUNS_KEPT runs of each workflow, and every run younger than RUNS_MAX_AGE_DAYS. */
export const RUNS_KEPT = 200;
export const RUNS_MAX_AGE_DAYS = 90;

export interface RunFiles {
  find(ownerId: string, fileId: string): Promise<RunFile | null>;
  /** The owner's newest `max` live files of a type in a folder uploaded after `since` (null: any time). */
  newest(
    ownerId: string,
    folderId: string | null,
    since: Date | null,
    fileType: FileTypeFilter,
    max: number,
  ): Promise<RunFile[]>;
}

export interface WorkflowRunsDeps {
  repo: WorkflowsRepository;
  steps: StepDeps;
  files: RunFiles;
  /** This process's name in lease_owner. */
  workerId: string;
  log: { error(obj: object, msg?: string): void };
  /** Told that something was queued, so a drain starts at once. */
  onQueued?: () => void;
  /** Told when a run started or settled (live events to the owner's page). */
  onChanged?: (ownerId: string, workflowId: string) => void;
}

/** Files written by a workflow's own steps (a copy, a note) do not fire upload triggers: no loops. */
const insideRun = new AsyncLocalStorage<string>();

/** What the upload path needs: queue runs inside the commit's transaction, then start a drain. */
export interface UploadWorkflowHook {
  queueInTx(
    tx: Db,
    file: { id: string; ownerId: string; name: string; mimeType: string; folderId: string | null },
  ): Promise<boolean>;
  kick(): void;
}

/**
 * Turns trigger events into runs (one per event: the run's unique trigger key) and executes them
 * as jobs: a worker claims a run with a lease, runs its steps, stores each outcome.
 */
export class WorkflowRunsService {
  private draining: Promise<number> | null = null;
  private again = false;

  constructor(private readonly d: WorkflowRunsDeps) {}

  /** Inside an upload's transaction: a run for each running upload workflow the file matches. */
  async queueUpload(
    tx: Db,
    file: { id: string; ownerId: string; name: string; mimeType: string; folderId: string | null },
  ): Promise<number> {
    if (insideRun.getStore()) return 0;
    let queued = 0;
    for (const w of await this.d.repo.uploadTriggered(tx, file.ownerId)) {
      if (w.trigger.type !== 'upload') continue;
      if ((w.trigger.folderId ?? null) !== file.folderId) continue;
      if (!matchesFileType(w.trigger.fileType, file.name, file.mimeType)) continue;
      const run = await this.d.repo.enqueue(tx, {
        workflowId: w.id,
        ownerId: w.ownerId,
        triggerKey: `upload:${file.id}`,
        fileId: file.id,
      });
      if (run) queued++;
    }
    return queued;
  }

  /** A run now, by hand. */
  async queueManual(w: WorkflowRow): Promise<RunRow> {
    const run = await this.d.repo.enqueue(this.dbOf(), {
      workflowId: w.id,
      ownerId: w.ownerId,
      triggerKey: `manual:${randomUUID()}`,
    });
    this.d.onQueued?.();
    return run as RunRow;
  }

  /** A failed run again, on the same file; null when it was already retried (one retry per run). */
  async queueRetry(run: RunRow): Promise<RunRow | null> {
    const retry = await this.d.repo.enqueue(this.dbOf(), {
      workflowId: run.workflowId,
      ownerId: run.ownerId,
      triggerKey: `retry:${run.id}`,
      fileId: run.fileId,
      retryOf: run.id,
    });
    if (retry) this.d.onQueued?.();
    return retry;
  }

  /**
   * Queues a run for every running schedule whose slot has come, and moves each schedule on.
   * Any number of processes may call this at once: the slot is the run's unique key, so each slot
   * gets one run. Returns the runs this call queued.
   */
  async fireDue(): Promise<number> {
    let queued = 0;
    for (const due of await this.d.repo.dueSchedules()) {
      const run = await this.d.repo.enqueue(this.dbOf(), {
        workflowId: due.id,
        ownerId: due.ownerId,
        triggerKey: `schedule:${due.nextFireAt.toISOString()}`,
      });
      if (run) queued++;
      await this.d.repo.advanceSchedule(due.id, due.nextFireAt, due.everyMinutes);
    }
    if (queued > 0) this.d.onQueued?.();
    return queued;
  }

  /**
   * Executes queued runs, RUN_CONCURRENCY at a time, until none is left. A call while a drain runs
   * in this process joins it and makes it look once more. Returns the runs executed.
   */
  drain(signal?: AbortSignal): Promise<number> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = async () => {
      let total = 0;
      do {
        this.again = false;
        let n = 0;
        const worker = async () => {
          while (!signal?.aborted) {
            const claimed = await this.d.repo.claim(this.d.workerId, RUN_LEASE_MS);
            if (!claimed) return;
            await this.execute(claimed);
            n++;
          }
        };
        await Promise.all(Array.from({ length: RUN_CONCURRENCY }, worker));
        total += n;
      } while (this.again && !signal?.aborted);
      return total;
    };
    this.draining = run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async execute(run: RunRow): Promise<void> {
    const { repo, workerId } = this.d;
    const finish = async (status: 'success' | 'error', steps: StepOutcome[], error: string | null) => {
      await repo.finish(run.id, workerId, status, steps, error);
      this.d.onChanged?.(run.ownerId, run.workflowId);
    };
    try {
      const w = await repo.getWorkflowById(run.workflowId);
      if (!w) return; // Deleted meanwhile: its runs went with it.
      // The first start fixes what the run does; a takeover resumes from that, whatever was edited since.
      let context = run.context;
      if (!context) {
        const files = await this.filesOf(run, w);
        if (files === null)
          return await finish('error', [], 'The file that triggered this run is no longer there');
        const trigger = run.retryOf ? 'retry' : run.triggerKey.slice(0, run.triggerKey.indexOf(':'));
        context = { steps: w.steps, files, did: [], trigger };
        if (!(await repo.progress(run.id, workerId, [], context, RUN_LEASE_MS))) return;
        this.d.onChanged?.(run.ownerId, run.workflowId);
      }
      const fixed = context;
      const result = await insideRun.run(run.id, () =>
        runSteps(
          fixed.steps,
          {
            runId: run.id,
            ownerId: run.ownerId,
            workflow: w,
            trigger: fixed.trigger,
            files: fixed.files,
            did: fixed.did,
          },
          this.d.steps,
          (outcomes, state) =>
            repo.progress(run.id, workerId, outcomes, { ...fixed, ...state }, RUN_LEASE_MS),
          run.steps,
        ),
      );
      if (result.lost) return; // Another worker took it over; its result stands.
      await finish(result.error ? 'error' : 'success', result.outcomes, result.error);
    } catch (err) {
      this.d.log.error({ err, runId: run.id }, 'workflow run failed');
      await finish('error', run.steps, 'The run could not be completed').catch(() => {});
    }
  }

  /**
   * The files a run acts on: the one that fired it; else a schedule's new files, or a manual
   * trigger's folder's newest (RUN_FILES_MAX, of its type); else none. Null: the firing file is gone.
   */
  private async filesOf(run: RunRow, w: WorkflowRow): Promise<RunFile[] | null> {
    if (run.fileId) {
      const file = await this.d.files.find(run.ownerId, run.fileId);
      return file ? [file] : null;
    }
    const t = w.trigger;
    if (t.type === 'schedule') {
      const since = await this.d.repo.lastSuccessStart(w.id);
      return this.d.files.newest(run.ownerId, t.folderId, since, t.fileType, RUN_FILES_MAX);
    }
    if (t.type === 'manual' && t.folderId !== undefined)
      return this.d.files.newest(run.ownerId, t.folderId, null, t.fileType ?? 'any', RUN_FILES_MAX);
    return [];
  }

  /** Prunes run history (see workflow-retention.job.ts); answers how many runs went. */
  pruneHistory(keep = RUNS_KEPT, maxAgeDays = RUNS_MAX_AGE_DAYS): Promise<number> {
    return this.d.repo.pruneRuns(keep, maxAgeDays);
  }

  private dbOf(): Db {
    return this.d.repo.database;
  }
}
