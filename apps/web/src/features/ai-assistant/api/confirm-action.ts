import { assistantActionReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionsKey } from './get-actions';
import { workspaceKey } from './get-workspace';

/** POST /api/ai/assistant/actions/:id/confirm: the user's explicit yes; the action runs now. */
export async function confirmAction(id: string) {
  const reply = await apiRequest(`/ai/assistant/actions/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: { confirm: true },
    schema: assistantActionReplySchema,
  });
  return reply.data.action;
}

export function useConfirmAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: actionsKey }),
        // Tags and folders of the files changed.
        queryClient.invalidateQueries({ queryKey: workspaceKey }),
      ]),
  });
}
