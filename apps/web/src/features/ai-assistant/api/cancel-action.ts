import { assistantActionReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionsKey } from './get-actions';

/** POST /api/ai/assistant/actions/:id/cancel: drop a proposal without running it. */
export async function cancelAction(id: string) {
  const reply = await apiRequest(`/ai/assistant/actions/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: assistantActionReplySchema,
  });
  return reply.data.action;
}

export function useCancelAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: actionsKey }),
  });
}
