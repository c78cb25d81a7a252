import { analyticsReplySchema } from '@stratos/contracts/files/stats.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

export const analyticsKey = [STORAGE_QUERY_ROOTS.analytics] as const;

/** GET /api/analytics: totals, file types and stored bytes per day. */
export const analyticsQueryOptions = queryOptions({
  queryKey: analyticsKey,
  queryFn: ({ signal }) => apiRequest('/analytics', { schema: analyticsReplySchema, signal }),
  staleTime: 0,
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
