import { extractionStatusReplySchema } from '@stratos/contracts/ai/extraction.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** POST /api/ai/extraction/stop: the run ends after its current prompt. */
export function useStopExtraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/ai/extraction/stop', { method: 'POST', schema: extractionStatusReplySchema })).data,
    onSuccess: (data) => queryClient.setQueryData(consoleKeys.extraction, data),
  });
}
