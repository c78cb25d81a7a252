import { dashboardReplySchema } from '@stratos/contracts/files/stats.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

/** Part 1 section 9: the dashboard refreshes every 30 seconds. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardKey = [STORAGE_QUERY_ROOTS.dashboard] as const;

/** GET /api/dashboard: everything the dashboard shows, in one round trip. */
export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKey,
  queryFn: ({ signal }) => apiRequest('/dashboard', { schema: dashboardReplySchema, signal }),
  staleTime: 0,
  refetchInterval: DASHBOARD_REFRESH_MS,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
