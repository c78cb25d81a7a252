import { learningImprovementsReplySchema } from '@stratos/contracts/ai/learning.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/learning/improvements: the latest suggestions, newest first. */
export function useImprovements() {
  return useQuery({
    queryKey: consoleKeys.improvements,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/learning/improvements', { schema: learningImprovementsReplySchema, signal }))
        .data.improvements,
    retry: false,
  });
}
