import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { idempotencyHeadersSchema } from '@stratos/contracts/billing/payments.schema';
import {
  adminOrdersQuerySchema,
  adminOrdersReplySchema,
  checkoutBodySchema,
  checkoutReplySchema,
  merchOrdersQuerySchema,
  merchOrdersReplySchema,
  orderParamsSchema,
  orderResultSchema,
} from '@stratos/contracts/merch/orders.schema';
import {
  merchProductReplySchema,
  merchProductsQuerySchema,
  merchProductsReplySchema,
  productParamsSchema,
  updateMerchProductBodySchema,
} from '@stratos/contracts/merch/products.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { paymentsServiceFor } from '../billing/payments/payments.factory';
import { MerchService } from './merch.service';

/** The merchandise store (part 2 sections 2, 3, 7, 9): public catalogue, signed-in checkout. */
export function merchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const merch = new MerchService({
    db: ctx.database.db,
    clock: ctx.clock,
    payments: paymentsServiceFor(ctx),
    log: ctx.log,
  });
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const admin = app.requireAccess(ROUTE_GROUPS.admin);
    const superadmin = app.requireAccess(ROUTE_GROUPS.superadmin);
    const tags = ['merch'];

    // getProducts of the spec; ?featured=true is its getFeaturedProducts.
    app.get(
      '/merch/products',
      {
        schema: { tags, querystring: merchProductsQuerySchema, response: { 200: merchProductsReplySchema } },
      },
      async (request) => {
        const { category, featured } = request.query;
        const data = await merch.products({
          category,
          featured: featured === undefined ? undefined : featured === 'true',
        });
        return { success: true as const, data };
      },
    );

    app.get(
      '/merch/products/featured',
      { schema: { tags, response: { 200: merchProductsReplySchema } } },
      async () => ({ success: true as const, data: await merch.products({ featured: true }) }),
    );

    app.get(
      '/merch/products/:id',
      { schema: { tags, params: productParamsSchema, response: { 200: merchProductReplySchema } } },
      async (request) => ({ success: true as const, data: await merch.product(request.params.id) }),
    );

    app.patch(
      '/merch/products/:id',
      {
        preHandler: superadmin,
        schema: {
          tags,
          params: productParamsSchema,
          body: updateMerchProductBodySchema,
          response: { 200: merchProductReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await merch.updateProduct(request.params.id, request.body),
      }),
    );

    app.post(
      '/merch/checkout',
      {
        preHandler: signedIn,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: checkoutBodySchema,
          response: { 200: checkoutReplySchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const data = await merch.checkout(
          { id: user.id, email: user.email },
          request.body,
          request.headers['idempotency-key'] ?? null,
        );
        return { success: true as const, data };
      },
    );

    app.post(
      '/merch/orders/:id/confirm',
      {
        preHandler: signedIn,
        schema: { tags, params: orderParamsSchema, response: { 200: orderResultSchema } },
      },
      async (request) => {
        const user = currentUser(request);
        return merch.confirm({ id: user.id, email: user.email }, request.params.id);
      },
    );

    app.get(
      '/merch/orders',
      {
        preHandler: signedIn,
        schema: { tags, querystring: merchOrdersQuerySchema, response: { 200: merchOrdersReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await merch.myOrders(currentUser(request).id, request.query.limit),
      }),
    );

    app.get(
      '/merch/admin/orders',
      {
        preHandler: admin,
        schema: { tags, querystring: adminOrdersQuerySchema, response: { 200: adminOrdersReplySchema } },
      },
      async (request) => ({ success: true as const, data: await merch.allOrders(request.query) }),
    );
  };
}
