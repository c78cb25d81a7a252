import { trainingReviewReplySchema } from '@stratos/contracts/ai/training.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trainingKey } from './get-training-examples';

export type ReviewMark = 'included' | 'excluded' | 'unreviewed';

/** PUT /api/ai/training/review: include examples in the export, exclude them, or clear the mark. */
export async function reviewExamples(ids: string[], review: ReviewMark) {
  const reply = await apiRequest('/ai/training/review', {
    method: 'PUT',
    body: { ids, review },
    schema: trainingReviewReplySchema,
  });
  return reply.data.updated;
}

export function useReviewExamples() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { ids: string[]; review: ReviewMark }) => reviewExamples(v.ids, v.review),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKey }),
  });
}
