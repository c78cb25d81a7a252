import { learningCycleReplySchema } from '@stratos/contracts/ai/learning.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/learning/cycle: runs a cycle now and waits for it (its progress streams meanwhile). */
export function useRunCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/ai/learning/cycle', { method: 'POST', schema: learningCycleReplySchema })).data
        .cycle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ai-console', 'learning'] }),
  });
}
