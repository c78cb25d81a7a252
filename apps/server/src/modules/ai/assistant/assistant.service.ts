import {
  ASSISTANT_ACTION_LEASE_MS,
  ASSISTANT_MESSAGES,
  type AssistantAction,
  type AssistantActionResult,
  type ProposeActionBody,
} from '@stratos/contracts/ai/assistant.schema';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error';
import type { CatalogEntry } from '../../files/file-catalog.service';
import type { AiRouter } from '../providers/ai-router';
import type { ActionRow, AssistantRepository, NewAction } from './assistant.repository';
import {
  PLAN_SYSTEM_PROMPT,
  type PlanContext,
  parsePlan,
  planPrompt,
  SUMMARY_SYSTEM_PROMPT,
  summaryPrompt,
} from './assistant-plan';

/** Recent files offered to the model when the user picked none. */
export const PLAN_RECENT_FILES = 30;
export const ASSISTANT_LOG_LIMIT = 50;
const ROOT = '/My Files';

export interface AssistantDeps {
  repo: AssistantRepository;
  catalog: {
    ownLiveFiles(ownerId: string, ids: string[]): Promise<{ id: string; name: string }[] | null>;
    recentFiles(ownerId: string, search?: string, limit?: number): Promise<CatalogEntry[]>;
    folders(ownerId: string): Promise<{ id: string; path: string }[]>;
  };
  tags: {
    add(ownerId: string, fileIds: string[], tags: string[]): Promise<{ fileId: string; tags: string[] }[]>;
  };
  move: (ownerId: string, fileIds: string[], folderId: string | null) => Promise<{ files: number }>;
  fileText: (userId: string, fileId: string) => Promise<{ name: string; text: string; truncated: boolean }>;
  router: Pick<AiRouter, 'generate'>;
  /** A running action's lease (tests shorten it). */
  leaseMs?: number;
}

/** A running action with no lease (none can be left by this code) counts as gone after this. */
const STALE_WITHOUT_LEASE_MS = 60 * 60 * 1000;

export function toAction(r: ActionRow): AssistantAction {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    files: r.files,
    tags: r.tags,
    folderId: r.folderId,
    folderPath: r.kind === 'move' ? (r.folderPath ?? ROOT) : null,
    reason: r.reason,
    request: r.request,
    result: r.result,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

const fileNotFound = () => notFound(FILE_ERRORS.FILE_NOT_FOUND);
const messageOf = (err: unknown) => (err instanceof AppError ? err.message : 'The action failed');

/**
 * The file assistant: proposals (built by hand or planned by the model from a request) are stored
 * and nothing happens to a file until the user confirms one; then it runs through the files
 * module's services (tags, move) or the AI router (summaries, charged like any call).
 */
export class AssistantService {
  constructor(private readonly d: AssistantDeps) {}

  async workspace(userId: string, search?: string) {
    const [files, folders] = await Promise.all([
      this.d.catalog.recentFiles(userId, search, 100),
      this.d.catalog.folders(userId),
    ]);
    return { files, folders };
  }

  async list(userId: string): Promise<AssistantAction[]> {
    return (await this.d.repo.recent(userId, ASSISTANT_LOG_LIMIT)).map(toAction);
  }

  /** One action the user built; checked (own live files, own live folder) but not run. */
  async propose(userId: string, body: ProposeActionBody): Promise<AssistantAction> {
    const files = await this.d.catalog.ownLiveFiles(userId, body.fileIds);
    if (!files) throw fileNotFound();
    let folderPath: string | null = null;
    const folderId = body.kind === 'move' ? (body.folderId ?? null) : null;
    if (body.kind === 'move') folderPath = await this.folderPathOf(userId, folderId);
    const [row] = await this.d.repo.insert([
      {
        userId,
        kind: body.kind,
        files,
        tags: body.kind === 'tag' ? [...new Set(body.tags ?? [])] : [],
        folderId,
        folderPath,
        reason: null,
        request: null,
      },
    ]);
    return toAction(row as ActionRow);
  }

  /** Asks the model to turn a request into proposals (the call is charged; nothing is run). */
  async plan(userId: string, request: string, pickedIds: string[]) {
    let files: PlanContext['files'];
    if (pickedIds.length > 0) {
      const own = await this.d.catalog.ownLiveFiles(userId, pickedIds);
      if (!own) throw fileNotFound();
      const recent = await this.d.catalog.recentFiles(userId, undefined, 100);
      const known = new Map(recent.map((f) => [f.id, f]));
      files = own.map((f) => ({
        id: f.id,
        name: f.name,
        path: known.get(f.id)?.path ?? ROOT,
        tags: known.get(f.id)?.tags ?? [],
      }));
    } else {
      files = (await this.d.catalog.recentFiles(userId, undefined, PLAN_RECENT_FILES)).map((f) => ({
        id: f.id,
        name: f.name,
        path: f.path,
        tags: f.tags,
      }));
    }
    const folders: PlanContext['folders'] = [
      { id: null, path: ROOT },
      ...(await this.d.catalog.folders(userId)),
    ];
    const ctx: PlanContext = { files, folders };
    const result = await this.d.router.generate({
      userId,
      system: PLAN_SYSTEM_PROMPT,
      prompt: planPrompt(request, ctx),
      operation: 'assistant',
      json: true,
      temperature: 0.2,
      maxTokens: 800,
    });
    const plan = parsePlan(result.text, ctx);
    if (!plan) throw new AppError(502, 'ASSISTANT_PLAN_UNREADABLE', ASSISTANT_MESSAGES.planUnreadable);
    const names = new Map(files.map((f) => [f.id, f.name]));
    const rows: NewAction[] = plan.actions.map((a) => ({
      userId,
      kind: a.kind,
      files: a.fileIds.map((id) => ({ id, name: names.get(id) ?? '' })),
      tags: a.tags,
      folderId: a.folderId,
      folderPath: a.kind === 'move' ? a.folderPath : null,
      reason: a.reason,
      request,
    }));
    const stored = await this.d.repo.insert(rows);
    return {
      reply:
        plan.reply ||
        (stored.length
          ? 'Here is what I can do. Confirm each action to run it.'
          : ASSISTANT_MESSAGES.planUnreadable),
      actions: stored.map(toAction),
      model: result.model,
      provider: result.provider,
      cost: result.cost,
    };
  }

  /** Runs a proposed action, once, and only with `confirm: true`. */
  async confirm(userId: string, id: string, confirm: boolean | undefined): Promise<AssistantAction> {
    const existing = await this.d.repo.find(userId, id);
    if (!existing) throw notFound(ASSISTANT_MESSAGES.actionNotFound, 'ACTION_NOT_FOUND');
    if (confirm !== true) throw badRequest(ASSISTANT_MESSAGES.confirmationRequired, 'CONFIRMATION_REQUIRED');
    const leaseMs = this.d.leaseMs ?? ASSISTANT_ACTION_LEASE_MS;
    const row = await this.d.repo.decide(userId, id, 'running', leaseMs);
    if (!row) throw conflict(ASSISTANT_MESSAGES.notProposed, 'ACTION_NOT_PROPOSED');
    // While it runs, its lease is renewed; if this process dies the sweep finds the lease passed.
    const heartbeat = setInterval(
      () => void this.d.repo.renew(row.id, leaseMs).catch(() => {}),
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    let outcome: { status: 'done' | 'failed'; result: AssistantActionResult | null; error: string | null };
    try {
      outcome = await this.run(row);
    } catch (err) {
      outcome = { status: 'failed', result: null, error: messageOf(err) };
    } finally {
      clearInterval(heartbeat);
    }
    return toAction(await this.d.repo.finish(row.id, outcome));
  }

  /**
   * A failed action proposed again (same files, tags, target), waiting for the user's yes like any
   * proposal: its files must still be the user's live files, its folder a live folder. 409 unless failed.
   */
  async retry(userId: string, id: string): Promise<AssistantAction> {
    const failed = await this.d.repo.find(userId, id);
    if (!failed) throw notFound(ASSISTANT_MESSAGES.actionNotFound, 'ACTION_NOT_FOUND');
    if (failed.status !== 'failed') throw conflict(ASSISTANT_MESSAGES.notRetryable, 'ACTION_NOT_FAILED');
    const files = await this.d.catalog.ownLiveFiles(
      userId,
      failed.files.map((f) => f.id),
    );
    if (!files) throw fileNotFound();
    const folderPath = failed.kind === 'move' ? await this.folderPathOf(userId, failed.folderId) : null;
    const [row] = await this.d.repo.insert([
      {
        userId,
        kind: failed.kind,
        files,
        tags: failed.tags,
        folderId: failed.folderId,
        folderPath,
        reason: failed.reason,
        request: failed.request,
      },
    ]);
    return toAction(row as ActionRow);
  }

  /**
   * Recovery: running actions whose process is gone (lease passed) are failed with a reason the
   * page shows, so none stays 'running' forever and the user can retry. Returns how many.
   */
  async sweepInterrupted(): Promise<number> {
    const swept = await this.d.repo.sweepInterrupted(ASSISTANT_MESSAGES.interrupted, STALE_WITHOUT_LEASE_MS);
    return swept.length;
  }

  async cancel(userId: string, id: string): Promise<AssistantAction> {
    const row = await this.d.repo.decide(userId, id, 'cancelled');
    if (row) return toAction(row);
    if (!(await this.d.repo.find(userId, id)))
      throw notFound(ASSISTANT_MESSAGES.actionNotFound, 'ACTION_NOT_FOUND');
    throw conflict(ASSISTANT_MESSAGES.notProposed, 'ACTION_NOT_PROPOSED');
  }

  private async run(row: ActionRow) {
    const ids = row.files.map((f) => f.id);
    switch (row.kind) {
      case 'tag': {
        const tagged = await this.d.tags.add(row.userId, ids, row.tags);
        return { status: 'done' as const, result: { tagged }, error: null };
      }
      case 'move': {
        const folderPath = await this.folderPathOf(row.userId, row.folderId);
        const moved = await this.d.move(row.userId, ids, row.folderId);
        return { status: 'done' as const, result: { moved: moved.files, folderPath }, error: null };
      }
      case 'summarize':
        return this.summarise(row);
    }
  }

  /** One model call per file; a file that fails is reported and the others still get theirs. */
  private async summarise(row: ActionRow) {
    const summaries: NonNullable<AssistantActionResult['summaries']> = [];
    let stopWith: string | null = null;
    for (const f of row.files) {
      if (stopWith) {
        summaries.push({
          fileId: f.id,
          fileName: f.name,
          summary: null,
          error: stopWith,
          model: null,
          provider: null,
          tokens: null,
          cost: null,
        });
        continue;
      }
      try {
        const text = await this.d.fileText(row.userId, f.id);
        const r = await this.d.router.generate({
          userId: row.userId,
          system: SUMMARY_SYSTEM_PROMPT,
          prompt: summaryPrompt(text.name, text.text, text.truncated),
          operation: 'assistant',
          temperature: 0.3,
          maxTokens: 400,
        });
        summaries.push({
          fileId: f.id,
          fileName: text.name,
          summary: r.text.trim(),
          error: null,
          model: r.model,
          provider: r.provider,
          tokens: r.usage.totalTokens,
          cost: r.cost,
        });
      } catch (err) {
        const error = messageOf(err);
        // Out of allowance or no provider at all: the next files would fail the same way.
        if (err instanceof AppError && (err.statusCode === 402 || err.code === 'AI_NO_PROVIDERS'))
          stopWith = error;
        summaries.push({
          fileId: f.id,
          fileName: f.name,
          summary: null,
          error,
          model: null,
          provider: null,
          tokens: null,
          cost: null,
        });
      }
    }
    const ok = summaries.some((s) => s.summary !== null);
    return {
      status: ok ? ('done' as const) : ('failed' as const),
      result: { summaries },
      error: ok ? null : (summaries[0]?.error ?? 'The action failed'),
    };
  }

  private async folderPathOf(userId: string, folderId: string | null): Promise<string> {
    if (!folderId) return ROOT;
    const folder = (await this.d.catalog.folders(userId)).find((f) => f.id === folderId);
    if (!folder) throw notFound('Folder not found');
    return folder.path;
  }
}
