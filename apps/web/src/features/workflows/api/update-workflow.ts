import { type UpdateWorkflowBody, workflowReplySchema } from '@stratos/contracts/workflows/workflow.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsKey } from './workflows-keys';

/** PUT /api/workflows/{id}: replaces name, description, trigger and steps (runs not yet started use them). */
export async function updateWorkflow({ id, body }: { id: string; body: UpdateWorkflowBody }) {
  return (
    await apiRequest(`/workflows/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
      schema: workflowReplySchema,
    })
  ).data;
}

export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey }),
  });
}
