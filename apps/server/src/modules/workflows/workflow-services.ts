import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import { type BackgroundDrain, backgroundDrain } from '../../jobs/background-drain';
import { AppError } from '../../lib/app-error';
import { analysisServicesFor } from '../ai/analysis/analysis-services';
import { FileTagsService } from '../files/file-tags.service';
import { FilesService } from '../files/files.service';
import { createUploadService } from '../files/upload.service';
import { UsersService } from '../users/users.service';
import { matchesFileType } from './file-type-match';
import { sendWebhook } from './webhook.sender';
import { type RunFiles, type UploadWorkflowHook, WorkflowRunsService } from './workflow-runs.service';
import type { RunFile, StepDeps } from './workflow-steps.runner';
import { WorkflowsRepository } from './workflows.repository';
import { WorkflowsService } from './workflows.service';

export interface WorkflowServices extends BackgroundDrain {
  service: WorkflowsService;
  /** What the steps reach (a test builds a second worker on them). */
  steps: StepDeps;
  files: RunFiles;
  runs: WorkflowRunsService;
  upload: UploadWorkflowHook;
}

const built = new WeakMap<AppContext, WorkflowServices>();

/** One set of workflow services per app, shared by the routes, the job and the upload path. */
export function workflowServicesFor(ctx: AppContext): WorkflowServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const db = ctx.database.db;
  const repo = new WorkflowsRepository(db);
  const fileTags = new FileTagsService(db);
  const files = new FilesService(db, ctx.clock);
  const users = new UsersService(db);
  const uploads = () => createUploadService(ctx);
  const analysis = () => analysisServicesFor(ctx).service;
  const ca = ctx.config.workflows.webhookCaFile
    ? readFileSync(ctx.config.workflows.webhookCaFile, 'utf8')
    : undefined;

  const find = async (ownerId: string, fileId: string): Promise<RunFile | null> => {
    const f = await files.findLive(ownerId, fileId);
    return f ? { id: f.id, name: f.name, mimeType: f.mimeType, size: f.size } : null;
  };
  const asRunFile = (f: { id: string; name: string; type: string; size: number }): RunFile => ({
    id: f.id,
    name: f.name,
    mimeType: f.type,
    size: f.size,
  });
  /** Stores bytes as a new file of the owner, through the upload path: quota and plan apply. */
  const store = async (
    ownerId: string,
    folderId: string | null,
    name: string,
    mimeType: string,
    size: number,
    source: Readable,
  ) => {
    const upload = uploads();
    await upload.assertFolder(ownerId, folderId);
    const reservation = await upload.reserve(ownerId, size);
    const r = await upload.storeStream({
      userId: ownerId,
      source,
      name,
      mimeType,
      folderId,
      reservation,
      maxBytes: size,
    });
    return asRunFile(r.file);
  };

  const steps: StepDeps = {
    files: {
      rename: async (ownerId, fileId, name) => asRunFile(await files.update(ownerId, fileId, { name })),
      move: async (ownerId, fileId, folderId) => asRunFile(await files.update(ownerId, fileId, { folderId })),
      copy: async (ownerId, fileId, folderId) => {
        const f = await files.findLive(ownerId, fileId);
        if (!f) throw new Error('File not found');
        return store(ownerId, folderId, f.name, f.mimeType, f.size, await ctx.storage.get(f.storageKey));
      },
      writeNote: async (ownerId, folderId, name, text) => {
        const bytes = Buffer.from(text, 'utf8');
        return store(ownerId, folderId, name, 'text/plain', bytes.length, Readable.from([bytes]));
      },
    },
    analysis: {
      request: async (ownerId, fileId) => {
        try {
          await analysis().request(ownerId, fileId);
          return 'queued';
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 409) return 'already queued';
          throw err;
        }
      },
      summary: async (ownerId, fileId) => (await analysis().forFile(ownerId, fileId))?.summary ?? null,
    },
    // The files module's tags (the assistant and the Files page read the same ones); answers how many were new.
    tags: {
      add: async (ownerId, fileId, tags) => {
        const before = (await fileTags.tagsOf(ownerId, [fileId])).get(fileId)?.length ?? 0;
        const [after] = await fileTags.add(ownerId, [fileId], tags);
        return (after?.tags.length ?? before) - before;
      },
    },
    mail: {
      send: (to, subject, text, dedupeKey) =>
        ctx.mailer.send({ to, subject, text, kind: 'workflow_summary', dedupeKey: `workflow:${dedupeKey}` }),
    },
    owner: (ownerId) => users.contactOf(ownerId),
    webhook: (url, payload, secret, deliveryId) =>
      sendWebhook(
        url,
        payload,
        secret,
        { allowHosts: ctx.config.workflows.webhookAllowHosts, ca },
        ctx.clock.now(),
        deliveryId,
      ),
    now: () => ctx.clock.now(),
  };

  const runFiles: RunFiles = {
    find,
    newest: async (ownerId, folderId, since, fileType, max) => {
      // A few pages' worth, so a folder of mixed types still yields `max` of the one asked for.
      const page = await files.list(ownerId, {
        folderId: folderId ?? undefined,
        search: undefined,
        sort: 'uploadDate',
        direction: 'desc',
        limit: max * 4,
        offset: 0,
      });
      return page.files
        .filter((f) => since === null || new Date(f.uploadDate) > since)
        .filter((f) => matchesFileType(fileType, f.name, f.type))
        .slice(0, max)
        .map(asRunFile);
    },
  };

  const background = backgroundDrain(ctx, 'workflow runs', (signal) => runs.drain(signal));
  const kick = background.kick;
  const runs = new WorkflowRunsService({
    repo,
    steps,
    files: runFiles,
    workerId: ctx.instance.id,
    log: ctx.log,
    onQueued: kick,
    // The owner's open pages refresh their workflows (a run an upload or a schedule started, too).
    onChanged: (ownerId) => void ctx.events.publish(ownerId, { type: 'workflows.changed' }),
  });
  const service = new WorkflowsService({
    repo,
    runs,
    assertFolder: (ownerId, folderId) => uploads().assertFolder(ownerId, folderId),
  });
  const services: WorkflowServices = {
    service,
    runs,
    steps,
    files: runFiles,
    upload: { queueInTx: async (tx, file) => (await runs.queueUpload(tx, file)) > 0, kick },
    kick,
    stop: background.stop,
  };
  built.set(ctx, services);
  return services;
}
