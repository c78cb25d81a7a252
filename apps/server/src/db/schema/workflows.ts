import type { RunStatus, StepOutcome, WorkflowStatus } from '@stratos/contracts/workflows/workflow.schema';
import type { WorkflowStep, WorkflowTrigger } from '@stratos/contracts/workflows/workflow-steps.schema';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** A run's resumable state (see workflow-steps.runner.ts). */
export interface RunContext {
  steps: WorkflowStep[];
  files: { id: string; name: string; mimeType: string; size: number }[];
  /** What the completed steps did, one line each (the e-mail and webhook report it). */
  did: string[];
  trigger: string;
}

/** A user's workflow (issue 18): a trigger and ordered steps, run on the server. */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<WorkflowStatus>().notNull().default('inactive'),
    trigger: jsonb('trigger').$type<WorkflowTrigger>().notNull(),
    steps: jsonb('steps').$type<WorkflowStep[]>().notNull(),
    /** Signs this workflow's webhook calls (HMAC-SHA256). */
    signingSecret: text('signing_secret').notNull(),
    /** A scheduled workflow's next slot; the slot is its runs' unique trigger key. */
    nextFireAt: timestamp('next_fire_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflows_owner_idx').on(t.ownerId, t.createdAt),
    index('workflows_due_idx')
      .on(t.nextFireAt)
      .where(sql`${t.status} = 'running' and ${t.nextFireAt} is not null`),
  ],
);

/**
 * One run per (workflow, trigger event): the unique trigger key makes a second insert of the same
 * event (another process, a repeated scheduler tick) a no-op. The row is also the job: a worker
 * claims it with a lease, so a run whose process died is taken again once the lease passed.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** manual:<uuid>, schedule:<slot>, upload:<file id>, retry:<run id>. */
    triggerKey: text('trigger_key').notNull(),
    /** The file an upload trigger fired for. */
    fileId: uuid('file_id'),
    retryOf: uuid('retry_of'),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    steps: jsonb('steps').$type<StepOutcome[]>().notNull().default([]),
    /**
     * What the run acts on, fixed when it first starts (the steps, the files as the completed steps
     * left them): a run taken over after its process died resumes from it, not from the workflow.
     */
    context: jsonb('context').$type<RunContext>(),
    error: text('error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    uniqueIndex('workflow_runs_event_uq').on(t.workflowId, t.triggerKey),
    index('workflow_runs_history_idx').on(t.workflowId, t.queuedAt),
    index('workflow_runs_queue_idx').on(t.queuedAt).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
