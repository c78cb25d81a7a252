import { learningImprovementReplySchema } from '@stratos/contracts/ai/learning.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/learning/improvements/:id/apply (or /revert): changes what the assistant does. */
export function useApplyImprovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, revert }: { id: string; revert?: boolean }) =>
      (
        await apiRequest(
          `/ai/learning/improvements/${encodeURIComponent(id)}/${revert ? 'revert' : 'apply'}`,
          {
            method: 'POST',
            schema: learningImprovementReplySchema,
          },
        )
      ).data.improvement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ai-console', 'learning'] }),
  });
}
