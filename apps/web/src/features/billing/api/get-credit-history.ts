import { creditHistoryReplySchema } from '@stratos/contracts/billing/credits.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Part 1 section 9: history shows 50 entries by default. */
export const CREDIT_HISTORY_LIMIT = 50;

/** GET /api/billing/credits/history/{userId}?limit=50: purchases, deductions and daily metering. */
export const creditHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['credits', 'history', userId],
    queryFn: ({ signal }) =>
      apiRequest(`/billing/credits/history/${encodeURIComponent(userId)}`, {
        query: { limit: CREDIT_HISTORY_LIMIT },
        schema: creditHistoryReplySchema,
        signal,
      }),
    select: (reply) => reply.transactions,
  });

export function useCreditHistory(userId: string | undefined) {
  return useQuery({ ...creditHistoryQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
