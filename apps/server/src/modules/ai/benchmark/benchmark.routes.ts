import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  benchmarkRunReplySchema,
  benchmarkRunsQuerySchema,
  benchmarkRunsReplySchema,
} from '@stratos/contracts/ai/benchmark.schema';
import { uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { benchmarkServiceFor } from './benchmark-services';

/** /ai-benchmark: start a run, follow it (poll the run), and the history (ai:read, own runs only). */
export function aiBenchmarkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const benchmark = benchmarkServiceFor(ctx);
  return async (app) => {
    const preHandler = [app.requireAccess(ROUTE_GROUPS.aiRead)];
    const tags = ['ai'];
    app.addHook('onClose', async () => benchmark.close());

    app.post(
      '/ai/benchmark/runs',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Starts a run of the fixed prompt set against each available provider (charged like any call); 409 while one runs',
          response: { 202: benchmarkRunReplySchema },
        },
      },
      async (request, reply) => {
        const run = await benchmark.start(currentUser(request).id);
        return reply.code(202).send({ success: true as const, data: run });
      },
    );

    app.get(
      '/ai/benchmark/runs',
      {
        preHandler,
        schema: {
          tags,
          description: "The caller's runs, newest first, with a summary per provider, and the prompt set",
          querystring: benchmarkRunsQuerySchema,
          response: { 200: benchmarkRunsReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await benchmark.list(currentUser(request).id, request.query.limit),
      }),
    );

    app.get(
      '/ai/benchmark/runs/:id',
      {
        preHandler,
        schema: {
          tags,
          description: 'One run with every result so far (poll it while the run is in progress)',
          params: uuidParamsSchema,
          response: { 200: benchmarkRunReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await benchmark.run(currentUser(request).id, request.params.id),
      }),
    );
  };
}
