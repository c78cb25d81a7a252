import { assistantActionsReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const actionsKey = ['ai', 'assistant', 'actions'] as const;

/** GET /api/ai/assistant/actions: the assistant's proposals and what became of them, newest first. */
export async function fetchActions() {
  const reply = await apiRequest('/ai/assistant/actions', { schema: assistantActionsReplySchema });
  return reply.data.actions;
}

/** While an action runs (here or in another tab), the list is read again every few seconds. */
export const RUNNING_REFRESH_MS = 5000;

export const actionsQueryOptions = queryOptions({
  queryKey: actionsKey,
  queryFn: fetchActions,
  // A running action ends as done or failed (or is failed by the server's recovery sweep when its
  // process died): keep looking until none is running.
  refetchInterval: (query) =>
    query.state.data?.some((a) => a.status === 'running') ? RUNNING_REFRESH_MS : false,
});

export function useActions() {
  return useQuery(actionsQueryOptions);
}
