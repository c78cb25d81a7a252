import {
  merchProductReplySchema,
  type UpdateMerchProductBody,
} from '@stratos/contracts/merch/products.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/merch/products/{id}: the superadmin's edit of a product. */
export function useUpdateMerchProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: UpdateMerchProductBody }) =>
      (
        await apiRequest(`/merch/products/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: patch,
          schema: merchProductReplySchema,
        })
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['merch', 'products'] }),
  });
}
