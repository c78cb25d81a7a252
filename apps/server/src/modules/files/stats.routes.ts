import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { roleAtLeast } from '@stratos/contracts/access/roles';
import {
  analyticsReplySchema,
  storageTransfersReplySchema,
  storageUsageReplySchema,
  transfersQuerySchema,
  userStorageReplySchema,
} from '@stratos/contracts/files/stats.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth-guard';
import { StatsService } from './stats.service';

const userParams = z.object({ userId: z.uuid() });

/** A user reads their own figures; admins (and whoever holds view:all-storage) anyone's. */
function readableUserId(request: FastifyRequest, userId: string): string {
  const me = currentUser(request);
  if (me.id === userId || roleAtLeast(me.role, 'admin') || me.permissions.includes('view:all-storage')) {
    return userId;
  }
  throw forbidden('You can only read your own storage figures');
}

/** Storage figures in the shapes part 1 section 7 names (top-level fields, no envelope). */
export function statsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new StatsService(ctx.database.db, ctx.clock);
  return async (app) => {
    const read = app.requireAccess(ROUTE_GROUPS.storageRead);

    app.get(
      '/user/storage',
      { preHandler: read, schema: { tags: ['stats'], response: { 200: userStorageReplySchema } } },
      async (request) => service.storage(currentUser(request).id),
    );

    app.get(
      '/analytics',
      { preHandler: read, schema: { tags: ['stats'], response: { 200: analyticsReplySchema } } },
      async (request) => service.analytics(currentUser(request).id),
    );

    app.get(
      '/storage/usage/:userId',
      {
        preHandler: read,
        schema: { tags: ['stats'], params: userParams, response: { 200: storageUsageReplySchema } },
      },
      async (request) => service.usageGB(readableUserId(request, request.params.userId)),
    );

    app.get(
      '/storage/transfers/:userId',
      {
        preHandler: read,
        schema: {
          tags: ['stats'],
          params: userParams,
          querystring: transfersQuerySchema,
          response: { 200: storageTransfersReplySchema },
        },
      },
      async (request) =>
        service.transfersGB(readableUserId(request, request.params.userId), request.query.days),
    );
  };
}
