import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  notificationIdParamsSchema,
  notificationReadReplySchema,
  notificationsQuerySchema,
  notificationsReadAllReplySchema,
  notificationsReplySchema,
} from '@stratos/contracts/notifications/notification.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { NotificationsService } from './notifications.service';

/** The caller's own notifications (header bell, notifications page). */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new NotificationsService(ctx.database.db, ctx.clock);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.dashboard);

    app.get(
      '/notifications',
      {
        preHandler: signedIn,
        schema: {
          tags: ['notifications'],
          querystring: notificationsQuerySchema,
          response: { 200: notificationsReplySchema },
        },
      },
      async (request) =>
        service.list(currentUser(request).id, {
          limit: request.query.limit,
          unreadOnly: request.query.unreadOnly === 'true',
        }),
    );

    app.post(
      '/notifications/read-all',
      {
        preHandler: signedIn,
        schema: { tags: ['notifications'], response: { 200: notificationsReadAllReplySchema } },
      },
      async (request) => service.readAll(currentUser(request).id),
    );

    app.post(
      '/notifications/:id/read',
      {
        preHandler: signedIn,
        schema: {
          tags: ['notifications'],
          params: notificationIdParamsSchema,
          response: { 200: notificationReadReplySchema },
        },
      },
      async (request) => service.read(currentUser(request).id, request.params.id),
    );
  };
}
