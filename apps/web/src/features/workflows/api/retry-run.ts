import { runReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** POST /api/workflows/{id}/runs/{runId}/retry: a failed run again, once. */
export async function retryRun(p: { workflowId: string; runId: string }) {
  const path = `/workflows/${encodeURIComponent(p.workflowId)}/runs/${encodeURIComponent(p.runId)}/retry`;
  return (await apiRequest(path, { method: 'POST', schema: runReplySchema })).data;
}

export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRun,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
