import type { merchProductsReplySchema } from '@stratos/contracts/merch/products.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/merch/products: the whole catalogue (the spec's getProducts), public. Typed by the
 * contract but not parsed with it here: zod would add about 25 KB gzip to the store's first load.
 */
export const merchProductsQuery = queryOptions({
  queryKey: ['merch', 'products'],
  queryFn: async ({ signal }) =>
    (await apiRequest<typeof merchProductsReplySchema>('/merch/products', { anonymous: true, signal })).data,
  staleTime: 60_000,
  retry: 1,
});

export const useMerchProducts = () => useQuery(merchProductsQuery);
