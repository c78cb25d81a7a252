import { orderResultSchema } from '@stratos/contracts/merch/orders.schema';
import { apiRequest } from '../../../lib/api-client';

/**
 * After the card step: the order result of the spec. A signed-in buyer confirms by order id
 * (POST /api/merch/orders/{id}/confirm); a guest by number with the order link's token.
 */
export function confirmOrder(order: { id: string; orderNumber: string }, guestToken: string | null) {
  if (guestToken !== null) {
    return apiRequest(`/merch/guest/orders/${encodeURIComponent(order.orderNumber)}/confirm`, {
      method: 'POST',
      body: { token: guestToken },
      schema: orderResultSchema,
      anonymous: true,
    });
  }
  return apiRequest(`/merch/orders/${encodeURIComponent(order.id)}/confirm`, {
    method: 'POST',
    schema: orderResultSchema,
  });
}
