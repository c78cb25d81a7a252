import type { AppContext } from '../../../app-context';
import { BulkService } from '../../files/bulk.service';
import { FileCatalogService } from '../../files/file-catalog.service';
import { FileTagsService } from '../../files/file-tags.service';
import { analysisServicesFor } from '../analysis/analysis-services';
import { aiServicesFor } from '../providers/ai-services';
import { AssistantRepository } from './assistant.repository';
import { AssistantService } from './assistant.service';

const built = new WeakMap<AppContext, AssistantService>();

/** One assistant service per app, shared by its routes and its recovery job. */
export function assistantServiceFor(ctx: AppContext): AssistantService {
  const existing = built.get(ctx);
  if (existing) return existing;
  const db = ctx.database.db;
  const bulk = new BulkService(db, ctx.clock);
  const analysis = analysisServicesFor(ctx).service;
  const service = new AssistantService({
    repo: new AssistantRepository(db),
    catalog: new FileCatalogService(db),
    tags: new FileTagsService(db),
    move: (ownerId, fileIds, folderId) => bulk.move(ownerId, { fileIds, folderIds: [] }, folderId),
    fileText: (userId, fileId) => analysis.fileText(userId, fileId),
    router: aiServicesFor(ctx).router,
  });
  built.set(ctx, service);
  return service;
}
