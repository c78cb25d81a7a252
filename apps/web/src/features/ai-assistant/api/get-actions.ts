import { assistantActionsReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const actionsKey = ['ai', 'assistant', 'actions'] as const;

/** GET /api/ai/assistant/actions: the assistant's proposals and what became of them, newest first. */
export async function fetchActions() {
  const reply = await apiRequest('/ai/assistant/actions', { schema: assistantActionsReplySchema });
  return reply.data.actions;
}

export const actionsQueryOptions = queryOptions({ queryKey: actionsKey, queryFn: fetchActions });

export function useActions() {
  return useQuery(actionsQueryOptions);
}
