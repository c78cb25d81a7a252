import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { plansReplySchema } from '@stratos/contracts/plans/plan.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { type PlanRow, PlansRepository } from './plans.repository';

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  price: row.priceCents,
  storageBytes: row.storageBytes,
  aiQueriesPerMonth: row.aiQueriesPerMonth,
  features: row.features,
  popular: row.popular,
});

export function plansRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = new PlansRepository(ctx.database.db);
  return async (app) => {
    app.get(
      '/payments/plans',
      { schema: { tags: ['payments'], response: { 200: plansReplySchema } } },
      async (_request, reply) => {
        const rows = await repo.listActive();
        // The catalogue changes rarely; let browsers and proxies reuse it for a minute.
        reply.header('cache-control', 'public, max-age=60');
        return { success: true as const, plans: rows.map(toPlan) };
      },
    );
  };
}
