import { merchOrderReplySchema } from '@stratos/contracts/merch/orders.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merch/guest/orders/{number}?token=: a guest's order, opened with its signed link. */
export function useGuestOrder(orderNumber: string, token: string | null) {
  return useQuery({
    queryKey: ['merch', 'guest-order', orderNumber, token],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/merch/guest/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token ?? '')}`,
          { schema: merchOrderReplySchema, anonymous: true, signal },
        )
      ).data,
    enabled: !!token,
    retry: false,
  });
}
