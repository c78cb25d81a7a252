import { aiProviderOrderReplySchema } from '@stratos/contracts/ai/management.schema';
import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aiManagementKey } from './get-ai-management';

/** PUT /api/ai/management/provider-order: the router's fallback chain. */
export async function setProviderOrder(order: AiCallableProvider[]) {
  const reply = await apiRequest('/ai/management/provider-order', {
    method: 'PUT',
    body: { order },
    schema: aiProviderOrderReplySchema,
  });
  return reply.data.providerOrder;
}

export function useSetProviderOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProviderOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiManagementKey }),
  });
}
