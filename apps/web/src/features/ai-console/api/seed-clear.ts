import { SEED_CLEAR_CONFIRMATION, seedClearReplySchema } from '@stratos/contracts/ai/seeding.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';
import { SEED_TIMEOUT_MS } from './seed-smart';

/** POST /api/ai/seed/clear with the confirmation phrase (the page asks the user first). */
export function useClearSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/ai/seed/clear', {
        method: 'POST',
        timeoutMs: SEED_TIMEOUT_MS,
        body: { confirm: SEED_CLEAR_CONFIRMATION },
        schema: seedClearReplySchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.root }),
  });
}
