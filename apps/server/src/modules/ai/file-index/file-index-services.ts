import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { type BackgroundDrain, backgroundDrain } from '../../../jobs/background-drain';
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

export interface FileIndexServices extends BackgroundDrain {
  indexer: FileIndexService;
  retrieval: FileRetrievalService;
  upload: UploadIndexHook;
}

const built = new WeakMap<AppContext, FileIndexServices>();

/** One file index per app, shared by the upload path, the job, chat and content search. */
export function fileIndexServicesFor(ctx: AppContext): FileIndexServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const db = ctx.database.db;
  const repo = new FileIndexRepository(db);
  const vectors = new VectorCache(repo, ctx.log);
  const background = backgroundDrain(ctx, 'file indexing', (signal) => indexer.drain(signal));
  const kick = background.kick;
  const indexer = new FileIndexService({
    repo,
    files: new DownloadRepository(db),
    storage: ctx.storage,
    embedder: ctx.embeddings,
    log: ctx.log,
    onIndexed: (userId) => {
      vectors.forget(userId);
      retrieval.indexed(userId);
    },
  });
  const retrieval = new FileRetrievalService({ repo, vectors, embedder: ctx.embeddings });
  const services: FileIndexServices = {
    indexer,
    retrieval,
    upload: {
      queueInTx: async (tx, file) => {
        if (!readableKind(file.name, file.mimeType)) return false;
        await repo.insertPending(tx, file.id, file.ownerId);
        return true;
      },
      kick,
    },
    kick,
    stop: background.stop,
  };
  built.set(ctx, services);
  return services;
}
