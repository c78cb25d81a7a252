import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  auditQuerySchema,
  auditReplySchema,
  clientAuditBodySchema,
} from '@stratos/contracts/audit/audit.schema';
import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';

export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/audit',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.account),
        schema: { tags: ['audit'], body: clientAuditBodySchema, response: { 200: successOnlySchema } },
      },
      async (request) => {
        const user = currentUser(request);
        await ctx.audit.recordFromClient(request.body, {
          userId: user.id,
          email: user.email,
          ip: request.ip,
        });
        return { success: true as const };
      },
    );

    app.get(
      '/admin/audit',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.admin),
        schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditReplySchema } },
      },
      async (request) => ({ success: true as const, data: await ctx.audit.list(request.query) }),
    );
  };
}
