import { receiptReplySchema } from '@stratos/contracts/billing/payments.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payments/receipts/{id}: one succeeded payment as a receipt. */
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'receipt', id],
    queryFn: ({ signal }) =>
      apiRequest(`/payments/receipts/${encodeURIComponent(id)}`, { schema: receiptReplySchema, signal }),
    select: (reply) => reply.receipt,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useReceipt(id: string | null) {
  return useQuery({ ...receiptQueryOptions(id ?? ''), enabled: Boolean(id) });
}
