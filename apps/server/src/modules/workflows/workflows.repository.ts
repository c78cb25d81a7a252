import type { StepOutcome, WorkflowStatus } from '@stratos/contracts/workflows/workflow.schema';
import type { WorkflowStep, WorkflowTrigger } from '@stratos/contracts/workflows/workflow-steps.schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workflowRuns, workflows } from '../../db/schema/index';
import type { RunContext } from '../../db/schema/workflows';

export type WorkflowRow = typeof workflows.$inferSelect;
export type RunRow = typeof workflowRuns.$inferSelect;
export type WorkflowWithStats = WorkflowRow & {
  activeRuns: number;
  finished: number;
  succeeded: number;
  total: number;
  lastRun: Date | null;
};
export type HistoryRow = RunRow & { retried: boolean };

export interface NewWorkflow {
  ownerId: string;
  name: string;
  description: string;
  trigger: WorkflowTrigger;
  steps: WorkflowStep[];
  signingSecret: string;
}

export interface NewRun {
  workflowId: string;
  ownerId: string;
  triggerKey: string;
  fileId?: string | null;
  retryOf?: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The outer row's id, qualified: a bare column would bind to the subquery's own table. */
const outerId = sql.raw('"workflows"."id"');

/** Stats of a workflow's runs, computed from workflow_runs (DECISIONS.md section 7). */
const stats = {
  total: sql<number>`(select count(*)::int from ${workflowRuns} r where r.workflow_id = ${outerId})`,
  finished: sql<number>`(select count(*)::int from ${workflowRuns} r where r.workflow_id = ${outerId} and r.status in ('success', 'error'))`,
  succeeded: sql<number>`(select count(*)::int from ${workflowRuns} r where r.workflow_id = ${outerId} and r.status = 'success')`,
  activeRuns: sql<number>`(select count(*)::int from ${workflowRuns} r where r.workflow_id = ${outerId} and r.status in ('queued', 'running'))`,
  lastRun:
    sql<Date | null>`(select max(r.started_at) from ${workflowRuns} r where r.workflow_id = ${outerId})`.mapWith(
      workflowRuns.startedAt,
    ),
};

const withStats = (
  r: Omit<WorkflowWithStats, 'lastRun'> & { lastRun: Date | string | null },
): WorkflowWithStats => ({
  ...r,
  total: Number(r.total),
  activeRuns: Number(r.activeRuns),
  finished: Number(r.finished),
  succeeded: Number(r.succeeded),
  lastRun: r.lastRun === null ? null : new Date(r.lastRun),
});

/** SQL of workflows and their runs. A run row is also the job that executes it. */
export class WorkflowsRepository {
  constructor(private readonly db: Db) {}

  get database(): Db {
    return this.db;
  }

  async list(ownerId: string): Promise<WorkflowWithStats[]> {
    const rows = await this.db
      .select({ w: workflows, ...stats })
      .from(workflows)
      .where(eq(workflows.ownerId, ownerId))
      .orderBy(desc(workflows.createdAt), desc(workflows.id));
    return rows.map(({ w, ...s }) => withStats({ ...w, ...s }));
  }

  async get(ownerId: string, id: string): Promise<WorkflowWithStats | null> {
    const rows = await this.db
      .select({ w: workflows, ...stats })
      .from(workflows)
      .where(and(eq(workflows.id, id), eq(workflows.ownerId, ownerId)));
    const row = rows[0];
    return row ? withStats({ ...row.w, ...row }) : null;
  }

  async insert(w: NewWorkflow): Promise<WorkflowRow> {
    const rows = await this.db.insert(workflows).values(w).returning();
    return rows[0] as WorkflowRow;
  }

  /** Replaces name, description, trigger and steps; a running schedule restarts its clock. */
  async update(
    ownerId: string,
    id: string,
    patch: Pick<NewWorkflow, 'name' | 'description' | 'trigger' | 'steps'>,
  ): Promise<boolean> {
    const every = patch.trigger.type === 'schedule' ? patch.trigger.everyMinutes : null;
    const rows = await this.db
      .update(workflows)
      .set({
        ...patch,
        updatedAt: sql`now()`,
        nextFireAt:
          every === null
            ? null
            : sql`case when ${workflows.status} = 'running' then date_trunc('milliseconds', now() + ${every} * interval '1 minute') else null end`,
      })
      .where(and(eq(workflows.id, id), eq(workflows.ownerId, ownerId)))
      .returning({ id: workflows.id });
    return rows.length > 0;
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(workflows)
      .where(and(eq(workflows.id, id), eq(workflows.ownerId, ownerId)))
      .returning({ id: workflows.id });
    return rows.length > 0;
  }

  /**
   * Sets the status unless it already is `status` (null then; the caller tells 404 from 409).
   * Running a schedule sets its first slot one interval from now; anything else clears it.
   */
  async setStatus(ownerId: string, id: string, status: WorkflowStatus): Promise<boolean> {
    const rows = await this.db
      .update(workflows)
      .set({
        status,
        updatedAt: sql`now()`,
        nextFireAt:
          status === 'running'
            ? sql`case when ${workflows.trigger}->>'type' = 'schedule' then date_trunc('milliseconds', now() + (${workflows.trigger}->>'everyMinutes')::int * interval '1 minute') else null end`
            : null,
      })
      .where(and(eq(workflows.id, id), eq(workflows.ownerId, ownerId), sql`${workflows.status} <> ${status}`))
      .returning({ id: workflows.id });
    return rows.length > 0;
  }

  /** The owner's running workflows that an upload can fire (inside the upload's transaction). */
  async uploadTriggered(tx: Db, ownerId: string): Promise<WorkflowRow[]> {
    return tx
      .select()
      .from(workflows)
      .where(
        and(
          eq(workflows.ownerId, ownerId),
          eq(workflows.status, 'running'),
          sql`${workflows.trigger}->>'type' = 'upload'`,
        ),
      );
  }

  /** Inserts a run for a trigger event; null when that event already has its run. */
  async enqueue(tx: Db, run: NewRun): Promise<RunRow | null> {
    const rows = await tx.insert(workflowRuns).values(run).onConflictDoNothing().returning();
    return rows[0] ?? null;
  }

  /** Running scheduled workflows whose slot has come. */
  async dueSchedules(): Promise<{ id: string; ownerId: string; nextFireAt: Date; everyMinutes: number }[]> {
    const rows = await this.db
      .select({
        id: workflows.id,
        ownerId: workflows.ownerId,
        nextFireAt: workflows.nextFireAt,
        everyMinutes: sql<number>`(${workflows.trigger}->>'everyMinutes')::int`,
      })
      .from(workflows)
      .where(
        and(
          eq(workflows.status, 'running'),
          sql`${workflows.nextFireAt} is not null and ${workflows.nextFireAt} <= now()`,
        ),
      );
    return rows.map((r) => ({
      ...r,
      nextFireAt: r.nextFireAt as Date,
      everyMinutes: Number(r.everyMinutes),
    }));
  }

  /** Moves a schedule past `slot` (to the next slot after now); a no-op when another process did. */
  async advanceSchedule(id: string, slot: Date, everyMinutes: number): Promise<void> {
    await this.db.execute(sql`
      update ${workflows} set next_fire_at = date_trunc('milliseconds', ${slot.toISOString()}::timestamptz
        + (floor(extract(epoch from (now() - ${slot.toISOString()}::timestamptz)) / (${everyMinutes} * 60)) + 1)
          * ${everyMinutes} * interval '1 minute')
      where id = ${id} and next_fire_at = ${slot.toISOString()}::timestamptz
    `);
  }

  /**
   * Takes the oldest queued run (or a running one whose lease passed: its process died) for
   * `owner` until `leaseMs` from now. A taken-over run keeps its steps and context: it resumes
   * after its last completed step. Rows locked by another worker are skipped, so workers on any
   * number of processes take distinct runs.
   */
  async claim(owner: string, leaseMs: number): Promise<RunRow | null> {
    const result = await this.db.execute(sql`
      update ${workflowRuns} set status = 'running', lease_owner = ${owner},
        lease_until = now() + ${leaseMs} * interval '1 millisecond',
        started_at = coalesce(started_at, now()), error = null
      where id = (
        select id from ${workflowRuns}
        where status = 'queued' or (status = 'running' and lease_until < now())
        order by queued_at, id
        limit 1
        for update skip locked
      )
      returning id
    `);
    const id = rowsOf<{ id: string }>(result)[0]?.id;
    if (!id) return null;
    return (await this.db.select().from(workflowRuns).where(eq(workflowRuns.id, id)))[0] ?? null;
  }

  /** Records the steps and state so far and renews the lease; false when this worker lost the run. */
  async progress(
    runId: string,
    owner: string,
    steps: StepOutcome[],
    context: RunContext,
    leaseMs: number,
  ): Promise<boolean> {
    const rows = await this.db
      .update(workflowRuns)
      .set({ steps, context, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        and(
          eq(workflowRuns.id, runId),
          eq(workflowRuns.leaseOwner, owner),
          eq(workflowRuns.status, 'running'),
        ),
      )
      .returning({ id: workflowRuns.id });
    return rows.length > 0;
  }

  async finish(
    runId: string,
    owner: string,
    status: 'success' | 'error',
    steps: StepOutcome[],
    error: string | null,
  ) {
    await this.db
      .update(workflowRuns)
      .set({
        status,
        steps,
        error,
        leaseOwner: null,
        leaseUntil: null,
        finishedAt: sql`now()`,
        durationMs: sql`greatest(0, round(extract(epoch from (now() - ${workflowRuns.startedAt})) * 1000))::int`,
      })
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.leaseOwner, owner)));
  }

  async getWorkflowById(id: string): Promise<WorkflowRow | null> {
    return (await this.db.select().from(workflows).where(eq(workflows.id, id)))[0] ?? null;
  }

  async history(workflowId: string, limit: number): Promise<HistoryRow[]> {
    const rows = await this.db
      .select({
        r: workflowRuns,
        retried: sql<boolean>`exists (select 1 from ${workflowRuns} x where x.retry_of = "workflow_runs"."id")`,
      })
      .from(workflowRuns)
      .where(eq(workflowRuns.workflowId, workflowId))
      .orderBy(desc(workflowRuns.queuedAt), desc(workflowRuns.id))
      .limit(limit);
    return rows.map(({ r, retried }) => ({ ...r, retried: retried === true }));
  }

  async run(workflowId: string, runId: string): Promise<HistoryRow | null> {
    const rows = await this.db
      .select({
        r: workflowRuns,
        retried: sql<boolean>`exists (select 1 from ${workflowRuns} x where x.retry_of = "workflow_runs"."id")`,
      })
      .from(workflowRuns)
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.workflowId, workflowId)));
    const row = rows[0];
    return row ? { ...row.r, retried: row.retried === true } : null;
  }

  /** When the latest successful run started: a scheduled or manual run looks at files newer than that. */
  async lastSuccessStart(workflowId: string): Promise<Date | null> {
    const rows = await this.db
      .select({ at: sql<Date | null>`max(${workflowRuns.startedAt})`.mapWith(workflowRuns.startedAt) })
      .from(workflowRuns)
      .where(and(eq(workflowRuns.workflowId, workflowId), eq(workflowRuns.status, 'success')));
    const at = rows[0]?.at ?? null;
    return at === null ? null : new Date(at);
  }

  /**
   * Deletes finished runs beyond the newest `keep` of each workflow that are also older than
   * `maxAgeDays`; answers how many went. Queued and running runs always stay.
   */
  async pruneRuns(keep: number, maxAgeDays: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from ${workflowRuns} r using (
        select id, row_number() over (partition by workflow_id order by queued_at desc, id desc) as n
        from ${workflowRuns}
      ) ranked
      where r.id = ranked.id and ranked.n > ${keep}
        and r.queued_at < now() - ${maxAgeDays} * interval '1 day'
        and r.status in ('success', 'error')
      returning r.id
    `);
    return rowsOf<{ id: string }>(result).length;
  }
}
