import { merchProductsReplySchema } from '@stratos/contracts/merch/products.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merch/products: the catalogue with stock, for the store tab. */
export function useAdminMerchProducts() {
  return useQuery({
    queryKey: ['merch', 'products'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/merch/products', { schema: merchProductsReplySchema, signal })).data,
  });
}
