import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { idempotencyHeadersSchema } from '@stratos/contracts/billing/payments.schema';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/merch-constants';
import {
  adminOrdersQuerySchema,
  adminOrdersReplySchema,
  checkoutBodySchema,
  checkoutReplySchema,
  guestCheckoutBodySchema,
  guestConfirmBodySchema,
  guestOrderParamsSchema,
  guestOrderQuerySchema,
  merchOrderReplySchema,
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
import { tooMany } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth-guard';
import { merchModuleFor } from './merch.factory';

/** Guest checkouts per IP address and hour: enough for a household, too few to farm stock holds. */
export const GUEST_CHECKOUTS_PER_HOUR = 10;

/**
 * The merchandise store (part 2 sections 2, 3, 7, 9): public catalogue; checkout signed in, or as
 * a guest with an e-mail address (rate-limited per IP; the order is then read through its signed link).
 */
export function merchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { store: merch, checkout } = merchModuleFor(ctx);
  const guestLimit = {
    rateLimit: {
      max: GUEST_CHECKOUTS_PER_HOUR,
      timeWindow: '1 hour',
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
        tooMany(MERCH_MESSAGES.guestRateLimited, Math.ceil(context.ttl / 1000)),
    },
  };
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
        const data = await checkout.checkout(
          { userId: user.id, email: user.email },
          request.body,
          request.headers['idempotency-key'] ?? null,
        );
        return { success: true as const, data };
      },
    );

    app.post(
      '/merch/guest/checkout',
      {
        config: guestLimit,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: guestCheckoutBodySchema,
          response: { 200: checkoutReplySchema },
        },
      },
      async (request) => {
        const { email, ...body } = request.body;
        const data = await checkout.checkout(
          { userId: null, email },
          body,
          request.headers['idempotency-key'] ?? null,
        );
        return { success: true as const, data };
      },
    );

    app.post(
      '/merch/guest/orders/:orderNumber/confirm',
      {
        schema: {
          tags,
          params: guestOrderParamsSchema,
          body: guestConfirmBodySchema,
          response: { 200: orderResultSchema },
        },
      },
      async (request) => checkout.confirmGuest(request.params.orderNumber, request.body?.token),
    );

    app.get(
      '/merch/guest/orders/:orderNumber',
      {
        schema: {
          tags,
          params: guestOrderParamsSchema,
          querystring: guestOrderQuerySchema,
          response: { 200: merchOrderReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await merch.guestOrder(request.params.orderNumber, request.query.token),
      }),
    );

    app.post(
      '/merch/orders/:id/confirm',
      {
        preHandler: signedIn,
        schema: { tags, params: orderParamsSchema, response: { 200: orderResultSchema } },
      },
      async (request) => {
        return checkout.confirm(currentUser(request).id, request.params.id);
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
        data: await merch.myOrders(currentUser(request), request.query.limit),
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
