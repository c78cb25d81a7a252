import { extractionStatusReplySchema } from '@stratos/contracts/ai/extraction.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** GET /api/ai/extraction/status: the run in progress or the last one, and what extraction stored. */
export const extractionStatusQueryOptions = queryOptions({
  queryKey: consoleKeys.extraction,
  queryFn: async ({ signal }) =>
    (await apiRequest('/ai/extraction/status', { schema: extractionStatusReplySchema, signal })).data,
});

export function useExtractionStatus() {
  return useQuery(extractionStatusQueryOptions);
}
