import { seedSmartReplySchema } from '@stratos/contracts/ai/seeding.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** POST /api/ai/seed/smart: inserts only records not yet present; waits for the end. */
export function useSmartSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/ai/seed/smart', { method: 'POST', body: {}, schema: seedSmartReplySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.root }),
  });
}
