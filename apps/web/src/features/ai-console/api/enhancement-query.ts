import {
  type EnhancementQueryBody,
  enhancementQueryReplySchema,
} from '@stratos/contracts/ai/extraction.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/enhancement/query: the superadmin's GPT-4 (or best available) query. */
export function useEnhancementQuery() {
  return useMutation({
    mutationFn: (body: EnhancementQueryBody) =>
      apiRequest('/ai/enhancement/query', { method: 'POST', body, schema: enhancementQueryReplySchema }),
  });
}
