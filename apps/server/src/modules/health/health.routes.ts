import { healthReplySchema, readinessReplySchema } from '@stratos/contracts/health/health.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { ReadinessRepository } from './readiness.repository';
import { ReadinessService } from './readiness.service';

const startedAt = Date.now();

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const readiness = new ReadinessService({
    repository: new ReadinessRepository(ctx.database),
    storage: ctx.storage,
    migrationsDir: ctx.config.migrationsDir,
    log: ctx.log,
  });
  return async (app) => {
    // Liveness: the process answers. Kept cheap; a load balancer asks /health/ready instead.
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

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: database, storage and migrations',
          response: { 200: readinessReplySchema, 503: readinessReplySchema },
        },
      },
      async (_request, reply) => {
        const body = await readiness.check();
        return reply.status(body.status === 'ready' ? 200 : 503).send(body);
      },
    );
  };
}
