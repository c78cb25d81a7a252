import { benchmarkRunReplySchema } from '@stratos/contracts/ai/benchmark.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { benchmarkKey } from './list-benchmark-runs';

/** POST /api/ai/benchmark/runs: starts a run (409 while one of the caller's runs is going). */
export function useStartBenchmarkRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/ai/benchmark/runs', { method: 'POST', schema: benchmarkRunReplySchema })).data,
    onSuccess: (run) => {
      qc.setQueryData([...benchmarkKey, 'run', run.id], run);
      void qc.invalidateQueries({ queryKey: [...benchmarkKey, 'runs'] });
    },
  });
}
