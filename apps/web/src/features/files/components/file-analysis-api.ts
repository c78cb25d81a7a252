import { fileAnalysisReplySchema } from '@stratos/contracts/ai/analysis.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';
import { analysisPollMs } from './file-analysis-state';

const analysisKey = (fileId: string) => [STORAGE_QUERY_ROOTS.files, 'analysis', fileId] as const;

/** GET /api/files/:id/analysis (null when never queued); polls while it is queued or running. */
export function useFileAnalysis(fileId: string) {
  return useQuery({
    queryKey: analysisKey(fileId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/files/${fileId}/analysis`, { schema: fileAnalysisReplySchema, signal })).data
        .analysis,
    refetchInterval: (query) => analysisPollMs(query.state.data),
  });
}

/** POST /api/files/:id/analysis: queue (or re-queue) the file; the query then polls until it is done. */
export function useRequestAnalysis(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/files/${fileId}/analysis`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: analysisKey(fileId) }),
        queryClient.invalidateQueries({ queryKey: [STORAGE_QUERY_ROOTS.dashboard] }),
      ]),
  });
}
