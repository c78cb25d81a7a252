import { workbenchOptionsReplySchema } from '@stratos/contracts/ai/workbench.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ai/workbench/options: the providers and the models the user's plan allows on each. */
export async function fetchWorkbenchOptions() {
  return (await apiRequest('/ai/workbench/options', { schema: workbenchOptionsReplySchema })).data;
}

export const workbenchOptionsQueryOptions = queryOptions({
  queryKey: ['ai', 'workbench', 'options'] as const,
  queryFn: fetchWorkbenchOptions,
});

export function useWorkbenchOptions() {
  return useQuery(workbenchOptionsQueryOptions);
}
