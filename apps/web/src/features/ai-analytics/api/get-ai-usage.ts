import { usageReplySchema } from '@stratos/contracts/ai/analytics.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AiRange } from '../../../lib/ai/ai-range';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ai/analytics/usage: calls, tokens and spend of the range (everyone's for admins). */
export function useAiUsage(range: AiRange, userId: string | null) {
  return useQuery({
    queryKey: ['ai-analytics', 'usage', range.from, range.to, userId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/ai/analytics/usage', {
          query: { ...range, userId },
          schema: usageReplySchema,
          signal,
        })
      ).data,
    // The old figures stay on screen while a new range loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
