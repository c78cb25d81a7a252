import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { DownloadRepository } from '../../files/download.repository';
import { readableKind } from '../analysis/text-extraction';
import { FileIndexRepository } from './file-index.repository';
import { FileIndexService } from './file-index.service';
import { FileRetrievalService } from './file-retrieval.service';
import { VectorCache } from './vector-cache';

/** What the upload path needs: queue a new readable file inside its transaction, then start a worker. */
export interface UploadIndexHook {
  /** Inserts a pending index row when the file is one we read; true when it did. */
  queueInTx(tx: Db, file: { id: string; ownerId: string; name: string; mimeType: string }): Promise<boolean>;
  kick(): void;
}

export interface FileIndexServices {
  indexer: FileIndexService;
  retrieval: FileRetrievalService;
  upload: UploadIndexHook;
  /** Starts a drain in this process (when JOBS_ENABLED), in the background. */
  kick(): void;
  /** Stops a background drain (the app is closing) and waits for it. */
  stop(): Promise<void>;
}

const built = new WeakMap<AppContext, FileIndexServices>();

/** One file index per app, shared by the upload path, the job, chat and content search. */
export function fileIndexServicesFor(ctx: AppContext): FileIndexServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const db = ctx.database.db;
  const repo = new FileIndexRepository(db);
  const vectors = new VectorCache(repo, ctx.log);
  const controller = new AbortController();
  let background: Promise<unknown> | null = null;
  const kick = () => {
    // Tests drain themselves (JOBS_ENABLED=false); so does a node that runs no jobs.
    if (!ctx.config.jobsEnabled || controller.signal.aborted) return;
    background = indexer
      .drain(controller.signal)
      .catch((err) => ctx.log.error({ err }, 'file indexing failed'));
  };
  const indexer = new FileIndexService({
    repo,
    files: new DownloadRepository(db),
    storage: ctx.storage,
    embedder: ctx.embeddings,
    log: ctx.log,
    onIndexed: (userId) => vectors.forget(userId),
  });
  const services: FileIndexServices = {
    indexer,
    retrieval: new FileRetrievalService({ repo, vectors, embedder: ctx.embeddings }),
    upload: {
      queueInTx: async (tx, file) => {
        if (!readableKind(file.name, file.mimeType)) return false;
        await repo.insertPending(tx, file.id, file.ownerId);
        return true;
      },
      kick,
    },
    kick,
    stop: async () => {
      controller.abort();
      await background;
    },
  };
  built.set(ctx, services);
  return services;
}
