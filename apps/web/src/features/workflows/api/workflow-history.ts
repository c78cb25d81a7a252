import { type HistoryItem, historyReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LIVE_REFRESH_MS } from './list-workflows';
import { workflowHistoryKey } from './workflows-keys';

/** GET /api/workflows/{id}/history: the latest runs, newest first. */
export async function fetchHistory(id: string, signal?: AbortSignal): Promise<HistoryItem[]> {
  return (
    await apiRequest(`/workflows/${encodeURIComponent(id)}/history`, {
      signal,
      query: { limit: 20 },
      schema: historyReplySchema,
    })
  ).data;
}

const unsettled = (items: HistoryItem[] | undefined) =>
  (items ?? []).some((r) => r.status === 'queued' || r.status === 'running');

/**
 * `active`: the workflow has runs queued or running (from the list), so a run that is not in the
 * history yet (an upload's, a schedule's) is watched for too.
 */
export function historyQueryOptions(id: string, active = false) {
  return queryOptions({
    queryKey: workflowHistoryKey(id),
    queryFn: ({ signal }) => fetchHistory(id, signal),
    // A queued or running run settles within seconds: watch it until it does, then stop.
    refetchInterval: (query) => (active || unsettled(query.state.data) ? LIVE_REFRESH_MS : false),
  });
}

export function useWorkflowHistory(id: string | null, active = false) {
  return useQuery({ ...historyQueryOptions(id ?? '', active), enabled: id !== null });
}
