import { planReplySchema } from '@stratos/contracts/ai/assistant.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionsKey } from './get-actions';

/** POST /api/ai/assistant/plan: the assistant reads a request and proposes actions (an AI call; nothing runs). */
export async function planActions(request: string, fileIds: string[]) {
  const reply = await apiRequest('/ai/assistant/plan', {
    method: 'POST',
    body: { request, fileIds },
    schema: planReplySchema,
  });
  return reply.data;
}

export function usePlanActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { request: string; fileIds: string[] }) => planActions(v.request, v.fileIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionsKey }),
  });
}
