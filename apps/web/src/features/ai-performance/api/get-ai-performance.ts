import { performanceReplySchema } from '@stratos/contracts/ai/analytics.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AiRange } from '../../../lib/ai/ai-range';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ai/analytics/performance: latency percentiles, error and fallback rates, reply quality. */
export function useAiPerformance(range: AiRange) {
  return useQuery({
    queryKey: ['ai-analytics', 'performance', range.from, range.to],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/ai/analytics/performance', {
          query: { ...range },
          schema: performanceReplySchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
