import { runReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** POST /api/workflows/{id}/run: a run now, by hand. */
export async function runWorkflow(id: string) {
  return (
    await apiRequest(`/workflows/${encodeURIComponent(id)}/run`, { method: 'POST', schema: runReplySchema })
  ).data;
}

export function useRunWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWorkflow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
