import { Readable } from 'node:stream';
import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  trainingFilterSchema,
  trainingListQuerySchema,
  trainingListReplySchema,
  trainingReviewBodySchema,
  trainingReviewReplySchema,
} from '@stratos/contracts/ai/training.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { TrainingRepository } from './training.repository';
import { TrainingService } from './training.service';

/** /ai/training: interactions and feedback as a dataset (ai:train; admins see everyone's). */
export function aiTrainingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new TrainingService(new TrainingRepository(ctx.database.db));
  return async (app) => {
    const train = app.requireAccess(ROUTE_GROUPS.aiTrain);
    const tags = ['ai'];

    app.get(
      '/ai/training/examples',
      {
        preHandler: train,
        schema: { tags, querystring: trainingListQuerySchema, response: { 200: trainingListReplySchema } },
      },
      async (request) => {
        const { limit, offset, ...filter } = request.query;
        return {
          success: true as const,
          data: await service.list(currentUser(request), filter, limit, offset),
        };
      },
    );

    app.put(
      '/ai/training/review',
      {
        preHandler: train,
        schema: {
          tags,
          description: 'Marks examples included in (or excluded from) the exported dataset',
          body: trainingReviewBodySchema,
          response: { 200: trainingReviewReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: { updated: await service.review(currentUser(request), request.body.ids, request.body.review) },
      }),
    );

    app.get(
      '/ai/training/export.jsonl',
      {
        preHandler: train,
        schema: {
          tags,
          description:
            'The included examples matching the filters as JSONL, one {"messages":[...]} chat example per line (streamed)',
          querystring: trainingFilterSchema,
        },
      },
      async (request, reply) => {
        const stamp = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', 'application/jsonl; charset=utf-8')
          .header('content-disposition', `attachment; filename="stratos-training-${stamp}.jsonl"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(service.exportLines(currentUser(request), request.query)));
      },
    );
  };
}
