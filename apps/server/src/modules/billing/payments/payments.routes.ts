import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  confirmPaymentBodySchema,
  confirmPaymentReplySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentReplySchema,
  idempotencyHeadersSchema,
  paymentConfigReplySchema,
  paymentHistoryQuerySchema,
  paymentHistoryReplySchema,
  paymentIdParamsSchema,
  receiptReplySchema,
  sandboxConfirmBodySchema,
  sandboxConfirmReplySchema,
  subscriptionReplySchema,
  subscriptionStatusReplySchema,
  webhookReplySchema,
} from '@stratos/contracts/billing/payments.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { paymentsModuleFor } from './payments.factory';

/** Payments and subscriptions (part 1 section 7; docs/billing-design.md). */
export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { payments, subscriptions, merch } = paymentsModuleFor(ctx);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const tags = ['payments'];
    const key = (headers: { 'idempotency-key'?: string }) => headers['idempotency-key'] ?? null;

    app.get('/payments/config', { schema: { tags, response: { 200: paymentConfigReplySchema } } }, async () =>
      payments.config(),
    );

    app.post(
      '/payments/create-payment-intent',
      {
        preHandler: signedIn,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: createPaymentIntentBodySchema,
          response: { 200: createPaymentIntentReplySchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const intent = await payments.createIntent({
          userId: user.id,
          email: user.email,
          purpose: 'subscription',
          planId: request.body.plan_id,
          idempotencyKey: key(request.headers),
        });
        return {
          success: true as const,
          client_secret: intent.clientSecret,
          amount: intent.amountCents,
          currency: intent.currency,
          payment_intent_id: intent.id,
          provider: intent.provider,
        };
      },
    );

    app.post(
      '/payments/sandbox/confirm',
      {
        preHandler: signedIn,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: sandboxConfirmBodySchema,
          response: { 200: sandboxConfirmReplySchema },
        },
      },
      async (request) => payments.sandboxConfirm(currentUser(request).id, request.body),
    );

    // A signed-out store buyer's card step: the client secret proves the intent is theirs. Limited
    // per IP so the sandbox cannot be used to try cards in bulk.
    app.post(
      '/payments/sandbox/guest-confirm',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: sandboxConfirmBodySchema,
          response: { 200: sandboxConfirmReplySchema },
        },
      },
      async (request) => merch.sandboxConfirmGuest(request.body),
    );

    app.post(
      '/payments/confirm-payment',
      {
        preHandler: signedIn,
        schema: {
          tags,
          headers: idempotencyHeadersSchema,
          body: confirmPaymentBodySchema,
          response: { 200: confirmPaymentReplySchema },
        },
      },
      async (request) => payments.confirmPayment(currentUser(request).id, request.body, key(request.headers)),
    );

    app.get(
      '/payments/subscription-status',
      { preHandler: signedIn, schema: { tags, response: { 200: subscriptionStatusReplySchema } } },
      async (request) => subscriptions.status(currentUser(request).id),
    );

    app.post(
      '/payments/cancel-subscription',
      { preHandler: signedIn, schema: { tags, response: { 200: subscriptionReplySchema } } },
      async (request) => ({
        success: true as const,
        subscription: await subscriptions.cancel(currentUser(request).id),
      }),
    );

    app.post(
      '/payments/resume-subscription',
      { preHandler: signedIn, schema: { tags, response: { 200: subscriptionReplySchema } } },
      async (request) => ({
        success: true as const,
        subscription: await subscriptions.resume(currentUser(request).id),
      }),
    );

    app.get(
      '/payments/history',
      {
        preHandler: signedIn,
        schema: {
          tags,
          querystring: paymentHistoryQuerySchema,
          response: { 200: paymentHistoryReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        payments: await payments.history(currentUser(request).id, request.query.limit),
      }),
    );

    app.get(
      '/payments/receipts/:id',
      {
        preHandler: signedIn,
        schema: { tags, params: paymentIdParamsSchema, response: { 200: receiptReplySchema } },
      },
      async (request) => ({
        success: true as const,
        receipt: await payments.receipt(currentUser(request).id, request.params.id),
      }),
    );

    // The provider's webhook: the signature covers the exact bytes, so this route (alone, in its
    // own scope) takes the body raw instead of parsed.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/payments/webhook',
        { config: { rawBody: true }, schema: { tags, hide: true, response: { 200: webhookReplySchema } } },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          return payments.handleWebhook(body, Array.isArray(signature) ? signature[0] : signature);
        },
      );
    });
  };
}
