import { aiProvidersReplySchema } from '@stratos/contracts/ai/providers.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** POST /api/ai/providers/test: checks every provider now ('Test All Providers'). */
export function useTestProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/ai/providers/test', { method: 'POST', schema: aiProvidersReplySchema })).data
        .providers,
    onSuccess: (providers) => queryClient.setQueryData(consoleKeys.providers, providers),
  });
}
