import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { auditRoutes } from './audit/audit.routes';
import { healthRoutes } from './health/health.routes';
import { plansRoutes } from './plans/plans.routes';

/** Every API module, mounted under /api. A module adds one line here. */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await api.register(healthRoutes(ctx));
  await api.register(plansRoutes(ctx));
  await api.register(auditRoutes(ctx));
}
