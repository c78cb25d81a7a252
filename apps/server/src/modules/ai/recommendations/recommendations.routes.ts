import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  recommendationStateBodySchema,
  recommendationStateReplySchema,
  recommendationsQuerySchema,
  recommendationsReplySchema,
} from '@stratos/contracts/ai/recommendations.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { analysisServicesFor } from '../analysis/analysis-services';
import { improvementsConcerning } from './learning-source';
import { RecommendationsRepository } from './recommendations.repository';
import { RecommendationsService } from './recommendations.service';

/** /ai-recommendations: the user's recommendations and what they did with each (ai:use). */
export function aiRecommendationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const service = new RecommendationsService({
    repo: new RecommendationsRepository(db),
    analyses: analysisServicesFor(ctx).service,
    improvements: (userId) => improvementsConcerning(db, userId),
  });
  return async (app) => {
    const use = app.requireAccess(ROUTE_GROUPS.aiUse);
    const tags = ['ai'];

    app.get(
      '/ai/recommendations',
      {
        preHandler: use,
        schema: {
          tags,
          querystring: recommendationsQuerySchema,
          response: { 200: recommendationsReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.list(currentUser(request).id, request.query),
      }),
    );

    app.post(
      '/ai/recommendations/state',
      {
        preHandler: use,
        schema: {
          tags,
          description: 'Marks a recommendation done or dismissed, or reopens it (state open)',
          body: recommendationStateBodySchema,
          response: { 200: recommendationStateReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          recommendation: await service.setState(
            currentUser(request).id,
            request.body.id,
            request.body.state,
          ),
        },
      }),
    );
  };
}
