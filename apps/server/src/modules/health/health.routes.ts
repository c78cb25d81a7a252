import { healthReplySchema } from '@stratos/contracts/health/health.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

const startedAt = Date.now();

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], response: { 200: healthReplySchema, 503: healthReplySchema } } },
      async (request, reply) => {
        let dbOk = true;
        try {
          await ctx.database.ping();
        } catch (err) {
          dbOk = false;
          request.log.error({ err }, 'health: database ping failed');
        }
        const body = {
          status: dbOk ? ('ok' as const) : ('degraded' as const),
          database: { status: dbOk ? ('ok' as const) : ('error' as const), driver: ctx.database.driver },
          version: process.env.npm_package_version ?? '0.1.0',
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        };
        return reply.status(dbOk ? 200 : 503).send(body);
      },
    );
  };
}
