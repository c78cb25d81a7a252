import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { successOnlySchema, uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import {
  createWorkflowBodySchema,
  historyQuerySchema,
  historyReplySchema,
  runParamsSchema,
  runReplySchema,
  stepCatalogueReplySchema,
  updateWorkflowBodySchema,
  workflowListReplySchema,
  workflowReplySchema,
} from '@stratos/contracts/workflows/workflow.schema';
import { STEP_CATALOGUE } from '@stratos/contracts/workflows/workflow-steps.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { workflowServicesFor } from './workflow-services';

/** /api/workflows (part 2 section 7, issue 18): the user's workflows, their runs and history. */
export function workflowsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const services = workflowServicesFor(ctx);
  const workflows = services.service;
  return async (app) => {
    // Part 2 section 6: user, admin and superadmin.
    const allowed = app.requireAccess(ROUTE_GROUPS.dashboard);
    const tags = ['workflows'];
    // A drain started by a request stops before the database closes.
    app.addHook('preClose', async () => services.stop());
    const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

    app.get(
      '/workflows',
      { preHandler: allowed, schema: { tags, response: { 200: workflowListReplySchema } } },
      async (request) => workflows.list(uid(request)),
    );

    app.get(
      '/workflows/step-catalogue',
      { preHandler: allowed, schema: { tags, response: { 200: stepCatalogueReplySchema } } },
      async () => ({ success: true as const, data: [...STEP_CATALOGUE] }),
    );

    app.post(
      '/workflows',
      {
        preHandler: allowed,
        schema: { tags, body: createWorkflowBodySchema, response: { 201: workflowReplySchema } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ success: true as const, data: await workflows.create(uid(request), request.body) }),
    );

    app.get(
      '/workflows/:id',
      {
        preHandler: allowed,
        schema: { tags, params: uuidParamsSchema, response: { 200: workflowReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await workflows.get(uid(request), request.params.id),
      }),
    );

    app.put(
      '/workflows/:id',
      {
        preHandler: allowed,
        schema: {
          tags,
          params: uuidParamsSchema,
          body: updateWorkflowBodySchema,
          response: { 200: workflowReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await workflows.update(uid(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/workflows/:id',
      {
        preHandler: allowed,
        schema: { tags, params: uuidParamsSchema, response: { 200: successOnlySchema } },
      },
      async (request) => {
        await workflows.remove(uid(request), request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/workflows/:id/start',
      {
        preHandler: allowed,
        schema: { tags, params: uuidParamsSchema, response: { 200: workflowReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await workflows.start(uid(request), request.params.id),
      }),
    );

    app.post(
      '/workflows/:id/stop',
      {
        preHandler: allowed,
        schema: { tags, params: uuidParamsSchema, response: { 200: workflowReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await workflows.stop(uid(request), request.params.id),
      }),
    );

    app.post(
      '/workflows/:id/run',
      {
        preHandler: allowed,
        schema: {
          tags,
          params: uuidParamsSchema,
          description: 'Queues a run now, whatever the trigger',
          response: { 202: runReplySchema },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send({ success: true as const, data: await workflows.runNow(uid(request), request.params.id) }),
    );

    app.get(
      '/workflows/:id/history',
      {
        preHandler: allowed,
        schema: {
          tags,
          params: uuidParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historyReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await workflows.history(uid(request), request.params.id, request.query.limit),
      }),
    );

    app.post(
      '/workflows/:id/runs/:runId/retry',
      {
        preHandler: allowed,
        schema: {
          tags,
          params: runParamsSchema,
          description: 'Runs a failed run again (once); 409 when it did not fail or was retried',
          response: { 202: runReplySchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send({
          success: true as const,
          data: await workflows.retry(uid(request), request.params.id, request.params.runId),
        }),
    );
  };
}
