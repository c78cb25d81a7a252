import { seedSmartReplySchema } from '@stratos/contracts/ai/seeding.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

/** POST /api/ai/seed/smart: inserts only records not yet present; waits for the end. */
export function useSmartSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/ai/seed/smart', {
        method: 'POST',
        body: {},
        timeoutMs: SEED_TIMEOUT_MS,
        schema: seedSmartReplySchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.root }),
  });
}

/** A full seed on a busy machine takes about a minute (measured 50 s at 1,800 records/s): allow ten. */
export const SEED_TIMEOUT_MS = 600_000;
