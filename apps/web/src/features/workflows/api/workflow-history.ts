import { type HistoryItem, historyReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
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

export function historyQueryOptions(id: string) {
  return queryOptions({
    queryKey: workflowHistoryKey(id),
    queryFn: ({ signal }) => fetchHistory(id, signal),
    // A queued or running run settles within seconds: watch it closely until it does.
    refetchInterval: (query) => (unsettled(query.state.data) ? 1_000 : 5_000),
  });
}

export function useWorkflowHistory(id: string | null) {
  return useQuery({ ...historyQueryOptions(id ?? ''), enabled: id !== null });
}
