import {
  type CheckoutBodyInput,
  checkoutReplySchema,
  type GuestCheckoutBodyInput,
} from '@stratos/contracts/merch/orders.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/**
 * POST /api/merch/checkout (signed in) or /api/merch/guest/checkout (an e-mail instead of an
 * account): the server prices the cart, holds its units and returns the order with the payment
 * intent to pay it (and, for a guest, the order link's token). The same key returns the same order.
 */
export async function checkout(body: CheckoutBodyInput | GuestCheckoutBodyInput, idempotencyKey: string) {
  const guest = 'email' in body;
  const reply = await apiRequest(guest ? '/merch/guest/checkout' : '/merch/checkout', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: checkoutReplySchema,
    anonymous: guest,
  });
  return reply.data;
}
