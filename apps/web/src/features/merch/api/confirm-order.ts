import { orderResultSchema } from '@stratos/contracts/merch/orders.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/merch/orders/{id}/confirm: after the card step; the order result of the spec. */
export function confirmOrder(orderId: string) {
  return apiRequest(`/merch/orders/${encodeURIComponent(orderId)}/confirm`, {
    method: 'POST',
    schema: orderResultSchema,
  });
}
