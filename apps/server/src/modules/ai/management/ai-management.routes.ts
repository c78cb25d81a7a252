import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  aiManagementReplySchema,
  aiPlanParamsSchema,
  aiPlanPolicyBodySchema,
  aiPlanPolicyReplySchema,
  aiProviderOrderBodySchema,
  aiProviderOrderReplySchema,
} from '@stratos/contracts/ai/management.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { aiServicesFor } from '../providers/ai-services';

/** AI management (admin and superadmin): plans' allowed models and allowance, provider order. */
export function aiManagementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const management = aiServicesFor(ctx).management;
  const actor = (request: FastifyRequest) => {
    const u = currentUser(request);
    return { userId: u.id, email: u.email, ip: request.ip };
  };
  return async (app) => {
    const preHandler = app.requireAccess(ROUTE_GROUPS.admin);
    const tags = ['ai'];

    app.get(
      '/ai/management',
      { preHandler, schema: { tags, response: { 200: aiManagementReplySchema } } },
      async () => ({ success: true as const, data: await management.overview() }),
    );

    app.put(
      '/ai/management/plans/:planId',
      {
        preHandler,
        schema: {
          tags,
          params: aiPlanParamsSchema,
          body: aiPlanPolicyBodySchema,
          response: { 200: aiPlanPolicyReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: { plan: await management.updatePlan(actor(request), request.params.planId, request.body) },
      }),
    );

    app.put(
      '/ai/management/provider-order',
      {
        preHandler,
        schema: { tags, body: aiProviderOrderBodySchema, response: { 200: aiProviderOrderReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: { providerOrder: await management.setProviderOrder(actor(request), request.body.order) },
      }),
    );
  };
}
