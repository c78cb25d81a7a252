import { aiManagementReplySchema } from '@stratos/contracts/ai/management.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const aiManagementKey = ['ai', 'management'] as const;

/** GET /api/ai/management: plans' AI policies, the provider order and the models on offer. */
export async function fetchAiManagement() {
  return (await apiRequest('/ai/management', { schema: aiManagementReplySchema })).data;
}

export const aiManagementQueryOptions = queryOptions({
  queryKey: aiManagementKey,
  queryFn: fetchAiManagement,
});

export function useAiManagement() {
  return useQuery(aiManagementQueryOptions);
}
