import { merchProductsReplySchema } from '@stratos/contracts/merch/products.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merch/products: the whole catalogue (the spec's getProducts), public. */
export const merchProductsQuery = queryOptions({
  queryKey: ['merch', 'products'],
  queryFn: async ({ signal }) =>
    (await apiRequest('/merch/products', { schema: merchProductsReplySchema, anonymous: true, signal })).data,
  staleTime: 60_000,
  retry: 1,
});

export const useMerchProducts = () => useQuery(merchProductsQuery);
