import { analyzeFilesReplySchema } from '@stratos/contracts/ai/analysis.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiDashboardKey } from '../../../lib/ai/ai-dashboard-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/analyze-files: queues every readable file without an analysis; answers how many. */
export async function analyzeFiles(): Promise<number> {
  const reply = await apiRequest('/ai/analyze-files', { method: 'POST', schema: analyzeFilesReplySchema });
  return reply.data.queued;
}

export function useAnalyzeFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeFiles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiDashboardKey }),
  });
}
