import { aiProvidersReplySchema } from '@stratos/contracts/ai/providers.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/providers: every provider with its last check (status, endpoint, models, error). */
export const providersQueryOptions = queryOptions({
  queryKey: consoleKeys.providers,
  queryFn: async ({ signal }) =>
    (await apiRequest('/ai/providers', { schema: aiProvidersReplySchema, signal })).data.providers,
});

export function useConsoleProviders() {
  return useQuery(providersQueryOptions);
}
