import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  adminUserParamsSchema,
  adminUserPatchSchema,
  adminUserReplySchema,
  adminUsersQuerySchema,
  adminUsersReplySchema,
  outboxQuerySchema,
  outboxReplySchema,
} from '@stratos/contracts/admin/admin-users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { AdminUsersService } from './admin-users.service';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';

/** User management (admins and the superadmin) and the mail outbox (the superadmin only). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const users = new AdminUsersService(ctx.database.db, ctx.clock, ctx.accessStates);
  const outbox = new OutboxService(new OutboxRepository(ctx.database.db));
  return async (app) => {
    const guard = app.requireAccess(ROUTE_GROUPS.admin);

    app.get(
      '/admin/users',
      {
        preHandler: guard,
        schema: {
          tags: ['admin'],
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersReplySchema },
        },
      },
      async (request) => ({ success: true as const, data: await users.list(request.query) }),
    );

    app.patch(
      '/admin/users/:id',
      {
        preHandler: guard,
        schema: {
          tags: ['admin'],
          params: adminUserParamsSchema,
          body: adminUserPatchSchema,
          response: { 200: adminUserReplySchema },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        const actor = { id: admin.id, email: admin.email, ip: request.ip };
        return { success: true as const, data: await users.update(actor, request.params.id, request.body) };
      },
    );

    app.get(
      '/admin/outbox',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.outbox),
        schema: { tags: ['admin'], querystring: outboxQuerySchema, response: { 200: outboxReplySchema } },
      },
      async (request) => ({ success: true as const, data: await outbox.list(request.query) }),
    );
  };
}
