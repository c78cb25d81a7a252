import { assistantActionReplySchema, type ProposeActionBody } from '@stratos/contracts/ai/assistant.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionsKey } from './get-actions';

/** POST /api/ai/assistant/actions: propose one action on picked files; nothing runs until confirmed. */
export async function proposeAction(body: ProposeActionBody) {
  const reply = await apiRequest('/ai/assistant/actions', {
    method: 'POST',
    body,
    schema: assistantActionReplySchema,
  });
  return reply.data.action;
}

export function useProposeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionsKey }),
  });
}
