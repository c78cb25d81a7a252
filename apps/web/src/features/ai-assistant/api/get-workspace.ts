import { workspaceReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const workspaceKey = ['ai', 'assistant', 'workspace'] as const;

/** GET /api/ai/assistant/workspace: the user's recent files (or those matching `search`) and folders. */
export async function fetchWorkspace(search: string) {
  const reply = await apiRequest('/ai/assistant/workspace', {
    query: { search: search.trim() || undefined },
    schema: workspaceReplySchema,
  });
  return reply.data;
}

export const workspaceQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...workspaceKey, search.trim()],
    queryFn: () => fetchWorkspace(search),
    placeholderData: keepPreviousData,
  });

export function useWorkspace(search: string) {
  return useQuery(workspaceQueryOptions(search));
}
