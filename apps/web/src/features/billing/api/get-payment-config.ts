import { paymentConfigReplySchema } from '@stratos/contracts/billing/payments.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payments/config: which provider takes the card, its publishable key, test mode. */
export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => apiRequest('/payments/config', { schema: paymentConfigReplySchema, signal }),
  staleTime: 10 * 60_000,
});

export function usePaymentConfig(enabled = true) {
  return useQuery({ ...paymentConfigQueryOptions, enabled });
}
