import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  KNOWLEDGE_SEARCH_FAILED,
  knowledgeSearchBodySchema,
  knowledgeSearchReplySchema,
} from '@stratos/contracts/ai/knowledge-search.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { currentUser } from '../../../plugins/auth-guard';
import { knowledgeSearchServicesFor } from './knowledge-search-services';

/** Knowledge search (part 2 section 7): keywords, full-text search and embeddings, fused. */
export function knowledgeSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const services = knowledgeSearchServicesFor(ctx);
  return async (app) => {
    const aiUser = app.requireAccess(ROUTE_GROUPS.ai);
    app.addHook('preClose', async () => services.stop());
    // Which exact vector path this database supports, known (and logged) before the first search.
    // A database that does not answer now must not stop the app from becoming ready (readiness
    // reports it); the first search asks again.
    app.addHook('onReady', async () => {
      try {
        const path = await services.search.vectorPath();
        ctx.log.info({ path }, 'knowledge search vectors');
      } catch (err) {
        ctx.log.warn({ err }, 'knowledge search: could not tell which vector path the database supports');
      }
    });

    app.post(
      '/ai/knowledge-search',
      {
        preHandler: aiUser,
        config: {
          rateLimit: { max: ctx.config.ai.embeddings.searchRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['ai'],
          body: knowledgeSearchBodySchema,
          response: { 200: knowledgeSearchReplySchema },
          description:
            'Knowledge items for a term: section 5 keyword relevance, full-text search and embedding similarity, fused by reciprocal rank; mode text when no embedding provider answers',
        },
      },
      async (request, reply) => {
        // A client that went away stops the provider call; the search itself is one statement.
        const controller = new AbortController();
        reply.raw.once('close', () => controller.abort());
        try {
          return await services.search.search(request.body, currentUser(request).id, controller.signal);
        } catch (err) {
          request.log.error({ err }, 'knowledge search failed');
          throw new AppError(500, 'KNOWLEDGE_SEARCH_FAILED', KNOWLEDGE_SEARCH_FAILED);
        }
      },
    );
  };
}
