import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiDashboardKey, fetchAiDashboard } from '../../../lib/ai/ai-dashboard-query';
import { pendingRefreshMs } from '../model/dashboard-view';

/** GET /api/ai/dashboard: figures from stored analyses and the provider records; polls while any are pending. */
export const aiDashboardQueryOptions = queryOptions({
  queryKey: aiDashboardKey,
  queryFn: fetchAiDashboard,
  staleTime: 0,
  refetchInterval: (query) => pendingRefreshMs(query.state.data),
});

export function useAiDashboard() {
  return useQuery(aiDashboardQueryOptions);
}
