import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  contentSearchQuerySchema,
  contentSearchReplySchema,
} from '@stratos/contracts/files/content-search.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { fileIndexServicesFor } from './file-index-services';

/** The Files page's "Advanced Search": the caller's own live files by their contents and meaning. */
export function contentSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const services = fileIndexServicesFor(ctx);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    // An indexing drain started by an upload stops before the database closes.
    app.addHook('preClose', async () => services.stop());

    app.get(
      '/files/content-search',
      {
        preHandler: signedIn,
        schema: {
          tags: ['files'],
          description:
            "Searches the text inside the caller's files (full-text, and meaning when embeddings are available)",
          querystring: contentSearchQuerySchema,
          response: { 200: contentSearchReplySchema },
        },
      },
      async (request) => {
        const { q, limit } = request.query;
        return {
          success: true as const,
          data: await services.retrieval.search(currentUser(request).id, q, limit),
        };
      },
    );
  };
}
