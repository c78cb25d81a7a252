import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  aiDashboardReplySchema,
  analyzeFilesReplySchema,
  fileAnalysisReplySchema,
} from '@stratos/contracts/ai/analysis.schema';
import { uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { analysisServicesFor } from './analysis-services';

/** A file's analysis, queueing analyses, and the AI dashboard. */
export function aiAnalysisRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const services = analysisServicesFor(ctx);
  const analysis = services.service;
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const tags = ['ai'];
    // A drain started by a request stops before the database closes.
    app.addHook('preClose', async () => services.stop());

    app.get(
      '/files/:id/analysis',
      {
        preHandler: signedIn,
        schema: { tags, params: uuidParamsSchema, response: { 200: fileAnalysisReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: { analysis: await analysis.forFile(currentUser(request).id, request.params.id) },
      }),
    );

    app.post(
      '/files/:id/analysis',
      {
        preHandler: signedIn,
        schema: {
          tags,
          params: uuidParamsSchema,
          description: 'Queues the file for analysis (again); 409 while it is queued or running',
          response: { 202: fileAnalysisReplySchema },
        },
      },
      async (request, reply) => {
        const queued = await analysis.request(currentUser(request).id, request.params.id);
        return reply.code(202).send({ success: true as const, data: { analysis: queued } });
      },
    );

    app.post(
      '/ai/analyze-files',
      {
        preHandler: signedIn,
        schema: {
          tags,
          description:
            'Queues every readable file of the user that has no analysis yet, and retries every failed one',
          response: { 200: analyzeFilesReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await analysis.queueUnanalysed(currentUser(request).id),
      }),
    );

    app.get(
      '/ai/dashboard',
      { preHandler: signedIn, schema: { tags, response: { 200: aiDashboardReplySchema } } },
      async (request) => ({
        success: true as const,
        data: await analysis.dashboard(currentUser(request).id),
      }),
    );
  };
}
