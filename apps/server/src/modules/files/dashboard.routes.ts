import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { dashboardReplySchema } from '@stratos/contracts/files/stats.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { StatsService } from './stats.service';

/** GET /api/dashboard: everything the dashboard shows in one round trip. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new StatsService(ctx.database.db, ctx.clock);
  return async (app) => {
    app.get(
      '/dashboard',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.dashboard),
        schema: { tags: ['dashboard'], response: { 200: dashboardReplySchema } },
      },
      async (request) => service.dashboard(currentUser(request).id),
    );
  };
}
