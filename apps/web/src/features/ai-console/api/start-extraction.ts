import {
  type ExtractionStartBody,
  extractionStatusReplySchema,
} from '@stratos/contracts/ai/extraction.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** POST /api/ai/extraction/start: the run goes on in the background; progress comes by stream. */
export function useStartExtraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NonNullable<ExtractionStartBody>) =>
      (
        await apiRequest('/ai/extraction/start', {
          method: 'POST',
          body,
          schema: extractionStatusReplySchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(consoleKeys.extraction, data),
  });
}
