import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { bulkBodySchema, bulkMoveBodySchema, bulkReplySchema } from '@stratos/contracts/files/file.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { BulkService } from './bulk.service';

export function bulkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new BulkService(ctx.database.db, ctx.clock);
  return async (app) => {
    const write = app.requireAccess(ROUTE_GROUPS.storageWrite);

    app.post(
      '/files/bulk/move',
      {
        preHandler: write,
        schema: { tags: ['files'], body: bulkMoveBodySchema, response: { 200: bulkReplySchema } },
      },
      async (request) => {
        const { targetFolderId, ...items } = request.body;
        return {
          success: true as const,
          ...(await service.move(currentUser(request).id, items, targetFolderId)),
        };
      },
    );

    app.post(
      '/files/bulk/delete',
      {
        preHandler: write,
        schema: { tags: ['files'], body: bulkBodySchema, response: { 200: bulkReplySchema } },
      },
      async (request) => ({
        success: true as const,
        ...(await service.remove(currentUser(request).id, request.body)),
      }),
    );
  };
}
