import { benchmarkRunsReplySchema } from '@stratos/contracts/ai/benchmark.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const benchmarkKey = ['ai-benchmark'] as const;

/** GET /api/ai/benchmark/runs: the caller's runs, newest first, and the prompt set. */
export function useBenchmarkRuns() {
  return useQuery({
    queryKey: [...benchmarkKey, 'runs'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/ai/benchmark/runs', { schema: benchmarkRunsReplySchema, signal })).data,
    staleTime: 0,
  });
}
