import { aiDashboardReplySchema } from '@stratos/contracts/ai/analysis.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';
import { pendingRefreshMs } from '../model/dashboard-view';

/** Under the dashboard root, so every storage change (upload, delete, restore) marks it stale too. */
export const aiDashboardKey = [STORAGE_QUERY_ROOTS.dashboard, 'ai'] as const;

/** GET /api/ai/dashboard: figures from stored analyses and the provider records; polls while any are pending. */
export const aiDashboardQueryOptions = queryOptions({
  queryKey: aiDashboardKey,
  queryFn: async ({ signal }) =>
    (await apiRequest('/ai/dashboard', { schema: aiDashboardReplySchema, signal })).data,
  staleTime: 0,
  refetchInterval: (query) => pendingRefreshMs(query.state.data),
});

export function useAiDashboard() {
  return useQuery(aiDashboardQueryOptions);
}
