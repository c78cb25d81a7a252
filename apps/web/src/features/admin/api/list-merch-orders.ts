import { adminOrdersReplySchema, type OrderStatus } from '@stratos/contracts/merch/orders.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merch/admin/orders: every buyer's store orders, newest first (admins). */
export function useAdminMerchOrders(status: OrderStatus | undefined) {
  return useQuery({
    queryKey: ['admin', 'merch-orders', status ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/merch/admin/orders', {
          query: { limit: 200, status },
          schema: adminOrdersReplySchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
