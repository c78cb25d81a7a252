import { type CreateWorkflowBody, workflowReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** POST /api/workflows: name, description, trigger and steps. */
export async function createWorkflow(body: CreateWorkflowBody) {
  return (await apiRequest('/workflows', { method: 'POST', body, schema: workflowReplySchema })).data;
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
