import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  recycleActionBodySchema,
  recycleActionReplySchema,
  recycleListQuerySchema,
  recycleListReplySchema,
} from '@stratos/contracts/files/recycle-bin.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { analysisServicesFor } from '../ai/analysis/analysis-services';
import { fileIndexServicesFor } from '../ai/file-index/file-index-services';
import { RecycleBinService } from './recycle-bin.service';

export function recycleBinRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new RecycleBinService(ctx.database.db, ctx.storage, ctx.clock, ctx.log);
  return async (app) => {
    const read = app.requireAccess(ROUTE_GROUPS.storageRead);
    const write = app.requireAccess(ROUTE_GROUPS.storageWrite);
    const action = {
      tags: ['recycle-bin'],
      body: recycleActionBodySchema,
      response: { 200: recycleActionReplySchema },
    };

    app.get(
      '/recycle-bin',
      {
        preHandler: read,
        schema: {
          tags: ['recycle-bin'],
          querystring: recycleListQuerySchema,
          response: { 200: recycleListReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await service.list(currentUser(request).id, request.query)),
      }),
    );

    app.post('/recycle-bin/restore', { preHandler: write, schema: action }, async (request) => {
      const result = await service.restore(currentUser(request).id, request.body.items);
      // A restored file may have an analysis waiting (binned files are not claimed): start it now.
      analysisServicesFor(ctx).kick();
      // Likewise a file queued for the text index (an indexed one is back in answers at once).
      fileIndexServicesFor(ctx).kick();
      return { success: true as const, ...result };
    });

    app.post('/recycle-bin/purge', { preHandler: write, schema: action }, async (request) => ({
      success: true as const,
      ...(await service.purge(currentUser(request).id, request.body.items)),
    }));

    app.post(
      '/recycle-bin/empty',
      { preHandler: write, schema: { tags: ['recycle-bin'], response: { 200: recycleActionReplySchema } } },
      async (request) => ({ success: true as const, ...(await service.empty(currentUser(request).id)) }),
    );
  };
}
