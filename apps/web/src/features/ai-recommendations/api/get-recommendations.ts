import {
  type RecommendationState,
  type Recommendations,
  recommendationsReplySchema,
} from '@stratos/contracts/ai/recommendations.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RecommendationsView = RecommendationState | 'all';
export type RecommendationsSource = 'analysis' | 'learning' | undefined;

export const recommendationsKey = ['ai', 'recommendations'] as const;

/** GET /api/ai/recommendations: the user's recommendations in one state, with the counts of each. */
export async function fetchRecommendations(
  state: RecommendationsView,
  source: RecommendationsSource,
): Promise<Recommendations> {
  const reply = await apiRequest('/ai/recommendations', {
    query: { state, source },
    schema: recommendationsReplySchema,
  });
  return reply.data;
}

export const recommendationsQueryOptions = (state: RecommendationsView, source: RecommendationsSource) =>
  queryOptions({
    queryKey: [...recommendationsKey, state, source ?? 'any'],
    queryFn: () => fetchRecommendations(state, source),
    placeholderData: keepPreviousData,
  });

export function useRecommendations(state: RecommendationsView, source: RecommendationsSource) {
  return useQuery(recommendationsQueryOptions(state, source));
}
