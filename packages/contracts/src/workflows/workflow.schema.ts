import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';
import { stepCatalogueEntrySchema, stepsSchema, triggerSchema } from './workflow-steps.schema';

/** Workflows (part 2 sections 2, 3, 4, 7, 8; DECISIONS.md section 7; issue 18). */

export const WORKFLOW_MESSAGES = {
  nameRequired: 'Workflow name is required',
  fetchFailed: (reason: string) => `Failed to fetch workflows: ${reason}`,
  invalidData: 'Received invalid data format from server',
  createFailed: 'Failed to create workflow.',
  updateFailed: 'Failed to update workflow.',
  deleteFailed: 'Failed to delete workflow.',
  startFailed: 'Failed to start workflow.',
  stopFailed: 'Failed to stop workflow.',
  confirmDelete: 'Are you sure you want to delete this workflow?',
  accessDenied: 'Access Denied - You need to be logged in to access Workflows.',
  notFound: 'Workflow not found',
  runNotFound: 'Workflow run not found',
  alreadyRunning: 'The workflow is already running',
  notRunning: 'The workflow is not running',
  retryNotFailed: 'Only a failed run can be retried',
  alreadyRetried: 'This run was already retried',
} as const;

/** Part 2 section 3. A new workflow is inactive; Start sets running, Stop sets paused (section 4). */
export const WORKFLOW_STATUSES = ['active', 'running', 'paused', 'inactive', 'error'] as const;
export const workflowStatusSchema = z.enum(WORKFLOW_STATUSES);
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

export const RUN_STATUSES = ['queued', 'running', 'success', 'error'] as const;
export const runStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof runStatusSchema>;

/** A missing name is an empty one: both read 'Workflow name is required' (prefault runs the checks). */
export const workflowNameSchema = singleLineText({ trim: true })
  .min(1, WORKFLOW_MESSAGES.nameRequired)
  .max(100, 'A workflow name has at most 100 characters')
  .prefault('');

export const createWorkflowBodySchema = z.strictObject({
  name: workflowNameSchema,
  description: multiLineText({ trim: true }).max(500, 'A description has at most 500 characters').default(''),
  trigger: triggerSchema.default({ type: 'manual' }),
  steps: stepsSchema.default([]),
});
export type CreateWorkflowBody = z.input<typeof createWorkflowBodySchema>;

export const updateWorkflowBodySchema = createWorkflowBodySchema;
export type UpdateWorkflowBody = z.input<typeof updateWorkflowBodySchema>;

export const workflowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: workflowStatusSchema,
  trigger: triggerSchema,
  steps: stepsSchema,
  /** Share of finished runs that succeeded, 0 to 100 (one decimal); null before the first finished run. */
  success_rate: z.number().min(0).max(100).nullable(),
  runs: z.number().int(),
  /** Runs queued or running now (the page watches closely while any is). */
  activeRuns: z.number().int(),
  /** When the latest run started; null before the first. */
  lastRun: z.iso.datetime().nullable(),
  created: z.iso.datetime(),
  /** The key that signs this workflow's webhook calls (X-Stratos-Signature); the owner's only. */
  signingSecret: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

/** GET /api/workflows answers an array (part 2 section 7). */
export const workflowListReplySchema = z.array(workflowSchema);
export const workflowReplySchema = dataEnvelope(workflowSchema);

export const stepOutcomeSchema = z.object({
  index: z.number().int(),
  type: z.string(),
  /** 'started': an e-mail or webhook step began and its end was not recorded yet (see docs/workflows.md). */
  status: z.enum(['success', 'error', 'started']),
  durationMs: z.number().int(),
  message: z.string(),
});
export type StepOutcome = z.infer<typeof stepOutcomeSchema>;

/** A history item (part 2 section 3) with what a run records beyond it. */
export const historyItemSchema = z.object({
  id: z.uuid(),
  success: z.boolean(),
  startTime: z.iso.datetime().nullable(),
  /** Seconds, with millisecond precision; null until the run finished. */
  duration: z.number().nullable(),
  status: runStatusSchema,
  trigger: z.string(),
  error: z.string().nullable(),
  steps: z.array(stepOutcomeSchema),
  queuedAt: z.iso.datetime(),
  retryOf: z.uuid().nullable(),
  retried: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const historyReplySchema = dataEnvelope(z.array(historyItemSchema));
export const runReplySchema = dataEnvelope(historyItemSchema);
export const runParamsSchema = z.object({ id: z.uuid(), runId: z.uuid() });
export const stepCatalogueReplySchema = dataEnvelope(z.array(stepCatalogueEntrySchema));
