import { workflowReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** POST /api/workflows/{id}/stop: status paused; its trigger no longer fires. */
export async function stopWorkflow(id: string) {
  return (
    await apiRequest(`/workflows/${encodeURIComponent(id)}/stop`, {
      method: 'POST',
      schema: workflowReplySchema,
    })
  ).data;
}

export function useStopWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopWorkflow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
