import { Readable } from 'node:stream';
import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  analyticsQuerySchema,
  performanceReplySchema,
  usageReplySchema,
} from '@stratos/contracts/ai/analytics.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { analyticsServiceFor } from './analytics-services';

/** /ai-analytics and /ai-performance: usage, spend, latency and quality from the stored log (ai:read). */
export function aiAnalyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const analytics = analyticsServiceFor(ctx);
  return async (app) => {
    const preHandler = [app.requireAccess(ROUTE_GROUPS.aiRead)];
    const tags = ['ai'];

    app.get(
      '/ai/analytics/usage',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Calls, tokens and spend per day, model, provider and operation (and per user for admins viewing everyone)',
          querystring: analyticsQuerySchema,
          response: { 200: usageReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await analytics.usage(currentUser(request), request.query),
      }),
    );

    app.get(
      '/ai/analytics/usage.csv',
      {
        preHandler,
        schema: {
          tags,
          description:
            'The same usage as CSV, one line per day, user, provider, model and operation (streamed)',
          querystring: analyticsQuerySchema,
        },
      },
      async (request, reply) => {
        // The range is checked before the first byte, so a bad one still answers a JSON 400/403.
        const range = analytics.range(currentUser(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="ai-usage-${range.fromDay}-to-${range.toDay}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(Readable.from(analytics.usageCsv(range)));
      },
    );

    app.get(
      '/ai/analytics/performance',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Latency percentiles of answered calls, error and fallback rates, and the chat replies by quality per day',
          querystring: analyticsQuerySchema,
          response: { 200: performanceReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await analytics.performance(currentUser(request), request.query),
      }),
    );
  };
}
