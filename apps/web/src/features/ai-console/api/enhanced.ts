import { learningEnhancedReplySchema } from '@stratos/contracts/ai/learning.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/learning/enhanced: thresholds against the latest cycle, figures per cycle, patterns. */
export function useEnhanced() {
  return useQuery({
    queryKey: consoleKeys.enhanced,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/learning/enhanced', { schema: learningEnhancedReplySchema, signal })).data,
    retry: false,
  });
}
