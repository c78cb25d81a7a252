import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  assistantActionReplySchema,
  assistantActionsReplySchema,
  confirmActionBodySchema,
  planBodySchema,
  planReplySchema,
  proposeActionBodySchema,
  workspaceQuerySchema,
  workspaceReplySchema,
} from '@stratos/contracts/ai/assistant.schema';
import { uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { assistantServiceFor } from './assistant-services';

/** /ai-assistant: proposals of actions on the user's files, run only once confirmed (ai:use). */
export function aiAssistantRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = assistantServiceFor(ctx);
  return async (app) => {
    const use = app.requireAccess(ROUTE_GROUPS.aiUse);
    const tags = ['ai'];

    app.get(
      '/ai/assistant/workspace',
      {
        preHandler: use,
        schema: { tags, querystring: workspaceQuerySchema, response: { 200: workspaceReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await service.workspace(currentUser(request).id, request.query.search),
      }),
    );

    app.get(
      '/ai/assistant/actions',
      { preHandler: use, schema: { tags, response: { 200: assistantActionsReplySchema } } },
      async (request) => ({
        success: true as const,
        data: { actions: await service.list(currentUser(request).id) },
      }),
    );

    app.post(
      '/ai/assistant/actions',
      {
        preHandler: use,
        schema: {
          tags,
          description: 'Proposes an action on your files; it runs only when confirmed',
          body: proposeActionBodySchema,
          response: { 201: assistantActionReplySchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          data: { action: await service.propose(currentUser(request).id, request.body) },
        }),
    );

    app.post(
      '/ai/assistant/plan',
      {
        preHandler: use,
        schema: {
          tags,
          description:
            'Asks the assistant (an AI call, charged) to propose actions for a request; nothing runs',
          body: planBodySchema,
          response: { 200: planReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.plan(currentUser(request).id, request.body.request, request.body.fileIds),
      }),
    );

    app.post(
      '/ai/assistant/actions/:id/confirm',
      {
        preHandler: use,
        schema: {
          tags,
          description: 'Runs a proposed action; needs { "confirm": true }',
          params: uuidParamsSchema,
          body: confirmActionBodySchema,
          response: { 200: assistantActionReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          action: await service.confirm(currentUser(request).id, request.params.id, request.body?.confirm),
        },
      }),
    );

    app.post(
      '/ai/assistant/actions/:id/retry',
      {
        preHandler: use,
        schema: {
          tags,
          description: 'Proposes a failed action again (same files and target); it runs only when confirmed',
          params: uuidParamsSchema,
          response: { 201: assistantActionReplySchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          data: { action: await service.retry(currentUser(request).id, request.params.id) },
        }),
    );

    app.post(
      '/ai/assistant/actions/:id/cancel',
      {
        preHandler: use,
        schema: { tags, params: uuidParamsSchema, response: { 200: assistantActionReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: { action: await service.cancel(currentUser(request).id, request.params.id) },
      }),
    );
  };
}
