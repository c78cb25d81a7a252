import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  BATCH_BODY_MAX_BYTES,
  databaseBatchBodySchema,
  databaseBatchReplySchema,
  databaseInitReplySchema,
  databaseQueryBodySchema,
  databaseQueryReplySchema,
  databaseRecordBodySchema,
  databaseRecordReplySchema,
  databaseStatsReplySchema,
  databaseTableParamsSchema,
  interactionsQuerySchema,
  interactionsReplySchema,
  knowledgeBaseQuerySchema,
  knowledgeBaseReplySchema,
} from '@stratos/contracts/ai/knowledge-data.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';

/**
 * The AI data calls of part 2 section 7 (bearer token). Who may do what is decided in the
 * services, so that refusals carry the specification's message and the SQL call audits them too.
 */
export function aiKnowledgeDataRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { data, query } = ctx.aiKnowledge;
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const aiReader = app.requireAccess(ROUTE_GROUPS.ai);
    const tags = ['ai'];
    const writeLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

    app.post(
      '/ai/database/init',
      { preHandler: signedIn, schema: { tags, response: { 200: databaseInitReplySchema } } },
      async (request) => ({ success: true as const, ...(await data.init(currentUser(request))) }),
    );

    app.get(
      '/ai/database/stats',
      { preHandler: aiReader, schema: { tags, response: { 200: databaseStatsReplySchema } } },
      async () => ({ success: true as const, stats: await data.stats() }),
    );

    // A static path: the router prefers it to `/ai/database/:table`.
    app.post(
      '/ai/database/query',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, body: databaseQueryBodySchema, response: { 200: databaseQueryReplySchema } },
      },
      async (request) => query.query(currentUser(request), request.body, request.ip),
    );

    app.post(
      '/ai/database/:table',
      {
        preHandler: signedIn,
        config: writeLimit,
        schema: {
          tags,
          params: databaseTableParamsSchema,
          body: databaseRecordBodySchema,
          response: { 200: databaseRecordReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await data.insert(currentUser(request), request.params.table, request.body.record)),
      }),
    );

    app.post(
      '/ai/database/:table/batch',
      {
        preHandler: signedIn,
        bodyLimit: BATCH_BODY_MAX_BYTES,
        config: writeLimit,
        schema: {
          tags,
          params: databaseTableParamsSchema,
          body: databaseBatchBodySchema,
          response: { 200: databaseBatchReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await data.insertBatch(currentUser(request), request.params.table, request.body.records)),
      }),
    );

    app.get(
      '/ai/knowledge-base',
      {
        preHandler: aiReader,
        schema: { tags, querystring: knowledgeBaseQuerySchema, response: { 200: knowledgeBaseReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await data.knowledgeBase(request.query.limit, request.query.domain),
      }),
    );

    app.get(
      '/ai/interactions',
      {
        preHandler: signedIn,
        schema: { tags, querystring: interactionsQuerySchema, response: { 200: interactionsReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await data.interactions(currentUser(request), request.query.limit),
      }),
    );
  };
}
