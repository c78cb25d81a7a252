import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  alertHistoryQuerySchema,
  alertHistoryReplySchema,
  alertIdParamsSchema,
  alertsQuerySchema,
  alertsReplySchema,
  dismissAlertReplySchema,
} from '@stratos/contracts/billing/alerts.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { alertsServiceFor } from './alerts.service';

/** The caller's cost and usage alerts (widget, header dropdown, /alerts page). */
export function alertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = alertsServiceFor(ctx);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.dashboard);
    const tags = ['alerts'];

    app.get(
      '/alerts',
      {
        preHandler: signedIn,
        schema: { tags, querystring: alertsQuerySchema, response: { 200: alertsReplySchema } },
      },
      async (request) => service.list(currentUser(request).id, request.query.limit),
    );

    app.get(
      '/alerts/history',
      {
        preHandler: signedIn,
        schema: { tags, querystring: alertHistoryQuerySchema, response: { 200: alertHistoryReplySchema } },
      },
      async (request) => service.history(currentUser(request).id, request.query.limit),
    );

    app.post(
      '/alerts/:id/dismiss',
      {
        preHandler: signedIn,
        schema: { tags, params: alertIdParamsSchema, response: { 200: dismissAlertReplySchema } },
      },
      async (request) => service.dismiss(currentUser(request).id, request.params.id),
    );
  };
}
