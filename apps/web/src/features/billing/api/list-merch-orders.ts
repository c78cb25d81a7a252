import { merchOrdersReplySchema } from '@stratos/contracts/merch/orders.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merch/orders: the signed-in buyer's paid store orders, newest first. */
export function useMerchOrders() {
  return useQuery({
    queryKey: ['merch', 'orders', 'mine'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/merch/orders', { query: { limit: 50 }, schema: merchOrdersReplySchema, signal }))
        .data,
  });
}
