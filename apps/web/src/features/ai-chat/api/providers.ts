import { aiProvidersReplySchema } from '@stratos/contracts/ai/providers.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const aiProvidersKey = ['ai', 'providers'] as const;

/** GET /api/ai/providers: every provider record with its status, as the signed-in user sees it. */
export const aiProvidersQueryOptions = () =>
  queryOptions({
    queryKey: aiProvidersKey,
    queryFn: ({ signal }) => apiRequest('/ai/providers', { schema: aiProvidersReplySchema, signal }),
    select: (reply) => reply.data.providers,
    // The server checks every 5 minutes; a minute keeps the badges honest without polling hard.
    refetchInterval: 60_000,
  });

export const useAiProviders = () => useQuery(aiProvidersQueryOptions());

/** POST /api/ai/providers/test: check every provider now; the answer replaces the cached records. */
export function useTestProviders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/ai/providers/test', { method: 'POST', schema: aiProvidersReplySchema }),
    onSuccess: (reply) => client.setQueryData(aiProvidersKey, reply),
  });
}
