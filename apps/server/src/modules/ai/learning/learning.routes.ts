import { decideAccess, ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  killSwitchBodySchema,
  LEARNING_MESSAGES,
  learningCycleReplySchema,
  learningCyclesQuerySchema,
  learningCyclesReplySchema,
  learningEnhancedReplySchema,
  learningExponentialReplySchema,
  learningFeedbackBodySchema,
  learningFeedbackReplySchema,
  learningImprovementParamsSchema,
  learningImprovementReplySchema,
  learningImprovementsReplySchema,
  learningMetricsReplySchema,
  learningStatusReplySchema,
} from '@stratos/contracts/ai/learning.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { currentUser } from '../../../plugins/auth-guard';
import { streamLearningProgress } from './learning-progress.stream';
import { learningServiceFor } from './learning-services';

const ok = <T>(data: T) => ({ success: true as const, data });

/** The active learning loop (part 2 sections 4, 5, 9; issue 17). Superadmin only. */
export function aiLearningRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const learning = learningServiceFor(ctx);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const superadminOnly = async (request: FastifyRequest) => {
      if (!decideAccess(currentUser(request), ROUTE_GROUPS.superadmin).allowed) {
        throw new AppError(403, 'INSUFFICIENT_PERMISSIONS', LEARNING_MESSAGES.databaseAccess);
      }
    };
    const preHandler = [signedIn, superadminOnly];
    const tags = ['ai'];
    const status = { 200: learningStatusReplySchema };

    app.get('/ai/learning/status', { preHandler, schema: { tags, response: status } }, async () =>
      ok(await learning.status()),
    );
    app.post(
      '/ai/learning/start',
      {
        preHandler,
        schema: { tags, description: 'Tests the local model, then turns learning on', response: status },
      },
      async (request) => ok(await learning.start(currentUser(request))),
    );
    app.post('/ai/learning/stop', { preHandler, schema: { tags, response: status } }, async () =>
      ok(await learning.stop()),
    );
    app.put(
      '/ai/learning/kill-switch',
      { preHandler, schema: { tags, body: killSwitchBodySchema, response: status } },
      async (request) => ok(await learning.setKillSwitch(request.body.disabled)),
    );
    app.post(
      '/ai/learning/cycle',
      {
        preHandler,
        schema: {
          tags,
          description: 'Runs one learning cycle now and waits for it',
          response: { 200: learningCycleReplySchema },
        },
      },
      async (request) => ok({ cycle: await learning.runCycle(currentUser(request), 'manual') }),
    );
    app.get(
      '/ai/learning/cycles',
      {
        preHandler,
        schema: {
          tags,
          querystring: learningCyclesQuerySchema,
          response: { 200: learningCyclesReplySchema },
        },
      },
      async (request) => ok({ cycles: await learning.cycles(request.query.limit) }),
    );
    app.get(
      '/ai/learning/progress',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Server-sent events of the cycle in progress (here or in another process): progress, then done; when none runs, one idle event and the end',
        },
      },
      async (request, reply) => streamLearningProgress(request, reply, learning),
    );
    app.get(
      '/ai/learning/improvements',
      { preHandler, schema: { tags, response: { 200: learningImprovementsReplySchema } } },
      async () => ok({ improvements: await learning.improvements() }),
    );
    app.post(
      '/ai/learning/improvements/:id/apply',
      {
        preHandler,
        schema: {
          tags,
          params: learningImprovementParamsSchema,
          response: { 200: learningImprovementReplySchema },
        },
      },
      async (request) => ok({ improvement: await learning.apply(request.params.id) }),
    );
    app.post(
      '/ai/learning/improvements/:id/revert',
      {
        preHandler,
        schema: {
          tags,
          params: learningImprovementParamsSchema,
          response: { 200: learningImprovementReplySchema },
        },
      },
      async (request) => ok({ improvement: await learning.revert(request.params.id) }),
    );
    app.get(
      '/ai/learning/metrics',
      { preHandler, schema: { tags, response: { 200: learningMetricsReplySchema } } },
      async () => ok(await learning.metrics()),
    );
    app.get(
      '/ai/learning/exponential',
      { preHandler, schema: { tags, response: { 200: learningExponentialReplySchema } } },
      async () => ok(await learning.exponential()),
    );
    app.get(
      '/ai/learning/enhanced',
      { preHandler, schema: { tags, response: { 200: learningEnhancedReplySchema } } },
      async () => ok(await learning.enhanced()),
    );
    app.post(
      '/ai/learning/feedback',
      {
        preHandler,
        schema: {
          tags,
          description: 'Manual feedback; blank text is ignored ({ ignored: true }, nothing stored)',
          body: learningFeedbackBodySchema,
          response: { 200: learningFeedbackReplySchema },
        },
      },
      async (request) => ok(await learning.feedback(currentUser(request), request.body)),
    );
  };
}
