import { learningStatusReplySchema } from '@stratos/contracts/ai/learning.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/learning/status: on/off, kill switch, the cycle in progress, the last one, metrics. */
export const learningStatusQueryOptions = queryOptions({
  queryKey: consoleKeys.learningStatus,
  queryFn: async ({ signal }) =>
    (await apiRequest('/ai/learning/status', { schema: learningStatusReplySchema, signal })).data,
  retry: false,
});

export function useLearningStatus() {
  return useQuery(learningStatusQueryOptions);
}
