import { workflowReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** POST /api/workflows/{id}/start: status running; its schedule or upload trigger fires from now on. */
export async function startWorkflow(id: string) {
  return (
    await apiRequest(`/workflows/${encodeURIComponent(id)}/start`, {
      method: 'POST',
      schema: workflowReplySchema,
    })
  ).data;
}

export function useStartWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startWorkflow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
