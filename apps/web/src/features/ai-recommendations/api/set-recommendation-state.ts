import {
  type RecommendationState,
  recommendationStateReplySchema,
} from '@stratos/contracts/ai/recommendations.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recommendationsKey } from './get-recommendations';

/** POST /api/ai/recommendations/state: mark done, dismiss or reopen one recommendation (kept on the server). */
export async function setRecommendationState(id: string, state: RecommendationState) {
  const reply = await apiRequest('/ai/recommendations/state', {
    method: 'POST',
    body: { id, state },
    schema: recommendationStateReplySchema,
  });
  return reply.data.recommendation;
}

export function useSetRecommendationState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; state: RecommendationState }) => setRecommendationState(v.id, v.state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendationsKey }),
  });
}
