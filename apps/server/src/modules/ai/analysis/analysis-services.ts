import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { type BackgroundDrain, backgroundDrain } from '../../../jobs/background-drain';
import { DownloadRepository } from '../../files/download.repository';
import { aiServicesFor } from '../providers/ai-services';
import { AnalysisRepository } from './analysis.repository';
import { AnalysisService } from './analysis.service';
import { readableKind } from './text-extraction';

/** What the upload path needs: queue a new file inside its transaction, then start the worker. */
export interface UploadAnalysisHook {
  /** Inserts a pending analysis when the file is one we read; true when it did. */
  queueInTx(tx: Db, file: { id: string; ownerId: string; name: string; mimeType: string }): Promise<boolean>;
  /** After the commit: analyse now rather than at the job's next run. */
  kick(): void;
}

export interface AnalysisServices extends BackgroundDrain {
  service: AnalysisService;
  upload: UploadAnalysisHook;
}

const built = new WeakMap<AppContext, AnalysisServices>();

/** One analysis service per app, shared by the routes, the job and the upload path. */
export function analysisServicesFor(ctx: AppContext): AnalysisServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const db = ctx.database.db;
  const repo = new AnalysisRepository(db);
  const ai = aiServicesFor(ctx);
  const background = backgroundDrain(ctx, 'file analysis', (signal) => service.drain(signal));
  const kick = background.kick;
  const service = new AnalysisService({
    repo,
    files: new DownloadRepository(db),
    storage: ctx.storage,
    router: ai.router,
    providers: ai.providers,
    log: ctx.log,
    onQueued: kick,
    onSettled: (userId, fileId) => void ctx.events.publish(userId, { type: 'analysis.changed', fileId }),
  });
  const services: AnalysisServices = {
    service,
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
