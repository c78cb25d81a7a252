import { assistantActionReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionsKey } from './get-actions';

/** POST /api/ai/assistant/actions/:id/retry: a failed action proposed again (it waits for confirmation). */
export async function retryAction(id: string) {
  const reply = await apiRequest(`/ai/assistant/actions/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    schema: assistantActionReplySchema,
  });
  return reply.data.action;
}

export function useRetryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: actionsKey }),
  });
}
