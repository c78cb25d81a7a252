import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** DELETE /api/workflows/{id}: the workflow and its history. */
export function deleteWorkflow(id: string) {
  return apiRequest(`/workflows/${encodeURIComponent(id)}`, { method: 'DELETE', schema: successOnlySchema });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
