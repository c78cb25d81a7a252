import { seedCheckReplySchema } from '@stratos/contracts/ai/seeding.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/seed/check: records per AI table, as stored. */
export const seedCheckQueryOptions = queryOptions({
  queryKey: consoleKeys.seedCheck,
  queryFn: ({ signal }) => apiRequest('/ai/seed/check', { schema: seedCheckReplySchema, signal }),
});

export function useSeedCheck() {
  return useQuery(seedCheckQueryOptions);
}
