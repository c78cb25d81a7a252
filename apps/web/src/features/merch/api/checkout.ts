import { type CheckoutBody, checkoutReplySchema } from '@stratos/contracts/merch/orders.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/**
 * POST /api/merch/checkout: the server prices the cart, holds its units and returns the order with
 * the payment intent to pay it. The same key (one per checkout) returns the same order.
 */
export async function checkout(body: CheckoutBody, idempotencyKey: string) {
  const reply = await apiRequest('/merch/checkout', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: checkoutReplySchema,
  });
  return reply.data;
}
