import { analyzeFilesReplySchema } from '@stratos/contracts/ai/analysis.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiDashboardKey } from '../../../lib/ai/ai-dashboard-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/ai/analyze-files: queues every readable file without an analysis and retries the
 * failed ones; answers how many in all, and how many of them had failed.
 */
export async function analyzeFiles(): Promise<{ queued: number; retried: number }> {
  const reply = await apiRequest('/ai/analyze-files', { method: 'POST', schema: analyzeFilesReplySchema });
  return reply.data;
}

export function useAnalyzeFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeFiles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiDashboardKey }),
  });
}
