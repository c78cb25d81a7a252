import {
  type AiKeyProvider,
  aiProvidersReplySchema,
  aiUserKeyReplySchema,
  aiUserKeysReplySchema,
} from '@stratos/contracts/ai/providers.schema';
import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

const providersKey = ['ai', 'providers'] as const;
const keysKey = ['ai', 'keys'] as const;

/** GET /api/ai/providers: the provider records as this user sees them (keySource, status). */
export function useAiProviderRecords() {
  return useQuery({
    queryKey: providersKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/providers', { schema: aiProvidersReplySchema, signal })).data.providers,
  });
}

/** GET /api/ai/keys: the user's own keys, masked, with the last check's result. */
export function useAiUserKeys() {
  return useQuery({
    queryKey: keysKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/keys', { schema: aiUserKeysReplySchema, signal })).data.keys,
  });
}

function useKeyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keysKey }),
        queryClient.invalidateQueries({ queryKey: providersKey }),
      ]);
    },
  });
}

/** PUT /api/ai/keys/:provider: stores (and checks) the user's key; answers it masked with its status. */
export function useSaveAiKey() {
  return useKeyMutation(async ({ provider, apiKey }: { provider: AiKeyProvider; apiKey: string }) => {
    const reply = await apiRequest(`/ai/keys/${provider}`, {
      method: 'PUT',
      body: { apiKey: apiKey.trim() },
      schema: aiUserKeyReplySchema,
    });
    return reply.data.key;
  });
}

/** DELETE /api/ai/keys/:provider. */
export function useRemoveAiKey() {
  return useKeyMutation((provider: AiKeyProvider) =>
    apiRequest(`/ai/keys/${provider}`, { method: 'DELETE', schema: successOnlySchema }),
  );
}
