import { benchmarkRunReplySchema } from '@stratos/contracts/ai/benchmark.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { benchmarkKey } from './list-benchmark-runs';

/** How often a running run is read again: its results arrive one prompt at a time. */
export const RUN_POLL_MS = 1000;

/** GET /api/ai/benchmark/runs/:id: one run with its results so far; polled while it runs. */
export function useBenchmarkRun(id: string | null) {
  return useQuery({
    queryKey: [...benchmarkKey, 'run', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await apiRequest(`/ai/benchmark/runs/${id}`, { schema: benchmarkRunReplySchema, signal })).data,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? RUN_POLL_MS : false),
    staleTime: 0,
  });
}
