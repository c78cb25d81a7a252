import { paymentHistoryReplySchema } from '@stratos/contracts/billing/payments.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payments/history?limit=50: the caller's payments, newest first. */
export const paymentsQueryOptions = queryOptions({
  queryKey: ['payments', 'history'],
  queryFn: ({ signal }) =>
    apiRequest('/payments/history', { query: { limit: 50 }, schema: paymentHistoryReplySchema, signal }),
  select: (reply) => reply.payments,
});

export function usePayments() {
  return useQuery(paymentsQueryOptions);
}
