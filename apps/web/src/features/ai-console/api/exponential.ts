import { learningExponentialReplySchema } from '@stratos/contracts/ai/learning.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/learning/exponential: section 9's factors, measured from stored cycles. */
export function useExponential() {
  return useQuery({
    queryKey: consoleKeys.exponential,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/learning/exponential', { schema: learningExponentialReplySchema, signal })).data,
    retry: false,
  });
}
