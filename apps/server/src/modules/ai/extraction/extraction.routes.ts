import { decideAccess, ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  enhancementQueryBodySchema,
  enhancementQueryReplySchema,
  extractionStartBodySchema,
  extractionStatusReplySchema,
} from '@stratos/contracts/ai/extraction.schema';
import { KNOWLEDGE_DATA_ERRORS } from '@stratos/contracts/ai/knowledge-data.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { currentUser } from '../../../plugins/auth-guard';
import { streamExtractionProgress } from './extraction-progress.stream';
import { extractionServicesFor } from './extraction-services';

/**
 * Knowledge extraction (start, stop, status, live progress) and the enhancement query of the
 * superadmin console (part 2 sections 2, 7). Superadmin only; anyone else gets the
 * specification's 403.
 */
export function aiExtractionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const services = () => extractionServicesFor(ctx);
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const superadminOnly = async (request: FastifyRequest) => {
      if (!decideAccess(currentUser(request), ROUTE_GROUPS.superadmin).allowed) {
        throw new AppError(403, 'INSUFFICIENT_PERMISSIONS', KNOWLEDGE_DATA_ERRORS.DATABASE_ACCESS);
      }
    };
    const preHandler = [signedIn, superadminOnly];
    const tags = ['ai'];
    // A run of this process ends with the app (its lease is released for the other nodes).
    app.addHook('onClose', async () => services().extraction.shutdown());

    app.post(
      '/ai/extraction/start',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Starts knowledge extraction over the 30 domains (or the named ones) in the background; 409 while one runs anywhere',
          body: extractionStartBodySchema,
          response: { 202: extractionStatusReplySchema },
        },
      },
      async (request, reply) => {
        const data = await services().extraction.start(currentUser(request).id, request.body?.domains);
        return reply.code(202).send({ success: true as const, data });
      },
    );

    app.post(
      '/ai/extraction/stop',
      {
        preHandler,
        schema: {
          tags,
          description: 'Stops the extraction in progress (here or on another node); 409 when none runs',
          response: { 200: extractionStatusReplySchema },
        },
      },
      async () => ({ success: true as const, data: await services().extraction.stop() }),
    );

    app.get(
      '/ai/extraction/status',
      { preHandler, schema: { tags, response: { 200: extractionStatusReplySchema } } },
      async () => ({ success: true as const, data: await services().extraction.status() }),
    );

    app.get(
      '/ai/extraction/progress',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Server-sent events of the extraction in progress (here or in another process): progress, then done; when none runs, one idle event (with a retry delay) and the end',
        },
      },
      async (request, reply) => streamExtractionProgress(request, reply, services().extraction),
    );

    app.post(
      '/ai/enhancement/query',
      {
        preHandler,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          description:
            'The superadmin query (gpt-4 or the best available, 1000 tokens, temperature 0.7); store: true keeps it in ai_knowledge_enhancement and ai_insights',
          body: enhancementQueryBodySchema,
          response: { 200: enhancementQueryReplySchema },
        },
      },
      async (request) => services().enhancement.query(currentUser(request), request.body),
    );
  };
}
