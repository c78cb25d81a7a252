import { seedCategoriesReplySchema } from '@stratos/contracts/ai/seeding.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/seed/categories: the seed's domains and facets (the server's own vocabulary). */
export function useSeedCategories() {
  return useQuery({
    queryKey: consoleKeys.seedCategories,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/seed/categories', { schema: seedCategoriesReplySchema, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
