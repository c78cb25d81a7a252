import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  billingUsageQuerySchema,
  billingUsageReplySchema,
  creditAccountReplySchema,
  creditHistoryQuerySchema,
  creditHistoryReplySchema,
  deductCreditsBodySchema,
  deductCreditsReplySchema,
  purchaseCreditsBodySchema,
  purchaseCreditsReplySchema,
  userIdParamsSchema,
  userPlanReplySchema,
} from '@stratos/contracts/billing/credits.schema';
import { idempotencyHeadersSchema } from '@stratos/contracts/billing/payments.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { CreditsRepository } from './credits.repository';
import { creditsServiceFor } from './credits-services';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/** Prepaid credits, the user's plan and billing usage (part 1 section 7). */
export function creditsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const repo = new CreditsRepository(db);
  const credits = creditsServiceFor(ctx);
  const usage = new UsageService({
    usage: new UsageRepository(db),
    repo,
    clock: ctx.clock,
    superadminEmail: ctx.config.superadminEmail,
  });
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const tags = ['billing'];

    app.get(
      '/billing/credits/:userId',
      {
        preHandler: signedIn,
        schema: { tags, params: userIdParamsSchema, response: { 200: creditAccountReplySchema } },
      },
      async (request) => credits.account(currentUser(request), request.params.userId),
    );

    app.post(
      '/billing/credits/purchase',
      {
        preHandler: signedIn,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: purchaseCreditsBodySchema,
          response: { 200: purchaseCreditsReplySchema },
        },
      },
      async (request) =>
        credits.purchase(currentUser(request), request.body, request.headers['idempotency-key']),
    );

    app.post(
      '/billing/credits/deduct',
      {
        preHandler: signedIn,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: deductCreditsBodySchema,
          response: { 200: deductCreditsReplySchema },
        },
      },
      async (request) =>
        credits.deduct(currentUser(request), request.body, request.headers['idempotency-key']),
    );

    app.get(
      '/billing/credits/history/:userId',
      {
        preHandler: signedIn,
        schema: {
          tags,
          params: userIdParamsSchema,
          querystring: creditHistoryQuerySchema,
          response: { 200: creditHistoryReplySchema },
        },
      },
      async (request) => credits.history(currentUser(request), request.params.userId, request.query.limit),
    );

    app.get(
      '/users/:userId/plan',
      {
        preHandler: signedIn,
        schema: { tags, params: userIdParamsSchema, response: { 200: userPlanReplySchema } },
      },
      async (request) => credits.plan(currentUser(request), request.params.userId),
    );

    app.get(
      '/billing/usage',
      {
        preHandler: signedIn,
        schema: { tags, querystring: billingUsageQuerySchema, response: { 200: billingUsageReplySchema } },
      },
      async (request) => usage.usage(currentUser(request).id, request.query.days),
    );
  };
}
