import { randomBytes } from 'node:crypto';
import {
  type createWorkflowBodySchema,
  type HistoryItem,
  WORKFLOW_MESSAGES,
  type Workflow,
} from '@stratos/contracts/workflows/workflow.schema';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error';
import type { WorkflowRunsService } from './workflow-runs.service';
import type { HistoryRow, WorkflowsRepository, WorkflowWithStats } from './workflows.repository';

type Body = z.output<typeof createWorkflowBodySchema>;

export interface WorkflowsDeps {
  repo: WorkflowsRepository;
  runs: Pick<WorkflowRunsService, 'queueManual' | 'queueRetry'>;
  /** Checks that the folders a trigger or step names are live folders of the owner (404 otherwise). */
  assertFolder(ownerId: string, folderId: string | null): Promise<void>;
}

const workflowNotFound = () => notFound(WORKFLOW_MESSAGES.notFound, 'WORKFLOW_NOT_FOUND');

export function toWorkflow(w: WorkflowWithStats): Workflow {
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    status: w.status,
    trigger: w.trigger,
    steps: w.steps,
    success_rate: w.finished === 0 ? null : Math.round((w.succeeded / w.finished) * 1000) / 10,
    runs: w.total,
    activeRuns: w.activeRuns,
    lastRun: w.lastRun ? w.lastRun.toISOString() : null,
    created: w.createdAt.toISOString(),
    signingSecret: w.signingSecret,
  };
}

export function toHistoryItem(r: HistoryRow): HistoryItem {
  return {
    id: r.id,
    success: r.status === 'success',
    startTime: r.startedAt ? r.startedAt.toISOString() : null,
    duration: r.durationMs === null ? null : r.durationMs / 1000,
    status: r.status,
    trigger: r.retryOf ? 'retry' : r.triggerKey.slice(0, r.triggerKey.indexOf(':')),
    error: r.error,
    steps: r.steps,
    queuedAt: r.queuedAt.toISOString(),
    retryOf: r.retryOf,
    retried: r.retried,
  };
}

/** A user's workflows: create, edit, start, stop, delete, run by hand, history, retry. */
export class WorkflowsService {
  constructor(private readonly d: WorkflowsDeps) {}

  async list(ownerId: string): Promise<Workflow[]> {
    return (await this.d.repo.list(ownerId)).map(toWorkflow);
  }

  async get(ownerId: string, id: string): Promise<Workflow> {
    return toWorkflow(await this.owned(ownerId, id));
  }

  async create(ownerId: string, body: Body): Promise<Workflow> {
    await this.checkFolders(ownerId, body);
    const row = await this.d.repo.insert({
      ownerId,
      name: body.name,
      description: body.description,
      trigger: body.trigger,
      steps: body.steps,
      signingSecret: randomBytes(24).toString('base64url'),
    });
    return this.get(ownerId, row.id);
  }

  async update(ownerId: string, id: string, body: Body): Promise<Workflow> {
    await this.owned(ownerId, id);
    await this.checkFolders(ownerId, body);
    if (!(await this.d.repo.update(ownerId, id, body))) throw workflowNotFound();
    return this.get(ownerId, id);
  }

  async remove(ownerId: string, id: string): Promise<void> {
    if (!(await this.d.repo.delete(ownerId, id))) throw workflowNotFound();
  }

  /** Start sets running (part 2 section 4); 409 when it already runs. */
  async start(ownerId: string, id: string): Promise<Workflow> {
    if (!(await this.d.repo.setStatus(ownerId, id, 'running'))) {
      await this.owned(ownerId, id);
      throw conflict(WORKFLOW_MESSAGES.alreadyRunning, 'WORKFLOW_ALREADY_RUNNING');
    }
    return this.get(ownerId, id);
  }

  /** Stop sets paused; 409 when it is already paused. */
  async stop(ownerId: string, id: string): Promise<Workflow> {
    if (!(await this.d.repo.setStatus(ownerId, id, 'paused'))) {
      await this.owned(ownerId, id);
      throw conflict(WORKFLOW_MESSAGES.notRunning, 'WORKFLOW_NOT_RUNNING');
    }
    return this.get(ownerId, id);
  }

  async history(ownerId: string, id: string, limit: number): Promise<HistoryItem[]> {
    await this.owned(ownerId, id);
    return (await this.d.repo.history(id, limit)).map(toHistoryItem);
  }

  /** A manual run, whatever the trigger (as "execute workflow" in n8n); answered queued. */
  async runNow(ownerId: string, id: string): Promise<HistoryItem> {
    const w = await this.owned(ownerId, id);
    const run = await this.d.runs.queueManual(w);
    return toHistoryItem({ ...run, retried: false });
  }

  async retry(ownerId: string, id: string, runId: string): Promise<HistoryItem> {
    await this.owned(ownerId, id);
    const run = await this.d.repo.run(id, runId);
    if (!run) throw notFound(WORKFLOW_MESSAGES.runNotFound, 'WORKFLOW_RUN_NOT_FOUND');
    if (run.status !== 'error') throw conflict(WORKFLOW_MESSAGES.retryNotFailed, 'WORKFLOW_RUN_NOT_FAILED');
    const retry = await this.d.runs.queueRetry(run);
    if (!retry) throw conflict(WORKFLOW_MESSAGES.alreadyRetried, 'WORKFLOW_RUN_ALREADY_RETRIED');
    return toHistoryItem({ ...retry, retried: false });
  }

  private async owned(ownerId: string, id: string): Promise<WorkflowWithStats> {
    const w = await this.d.repo.get(ownerId, id);
    if (!w) throw workflowNotFound();
    return w;
  }

  private async checkFolders(ownerId: string, body: Body): Promise<void> {
    const ids = new Set<string>();
    if (body.trigger.folderId) ids.add(body.trigger.folderId);
    for (const s of body.steps) {
      if ((s.type === 'move' || s.type === 'copy' || s.type === 'summarize') && s.folderId)
        ids.add(s.folderId);
    }
    for (const folderId of ids) await this.d.assertFolder(ownerId, folderId);
  }
}
