import { seedRealReplySchema } from '@stratos/contracts/ai/seeding.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';
import { SEED_TIMEOUT_MS } from './seed-smart';

/** POST /api/ai/seed/real: the full seed of the eight tables (idempotent); waits for the end. */
export function useRealSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/ai/seed/real', {
        method: 'POST',
        body: {},
        timeoutMs: SEED_TIMEOUT_MS,
        schema: seedRealReplySchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.root }),
  });
}
