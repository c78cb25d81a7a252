import { fileAnalysisReplySchema } from '@stratos/contracts/ai/analysis.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiDashboardKey } from '../../../lib/ai/ai-dashboard-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/files/:id/analysis: analyse one file again (a failed one, from the dashboard's list). */
export function retryAnalysis(fileId: string) {
  return apiRequest(`/files/${encodeURIComponent(fileId)}/analysis`, {
    method: 'POST',
    schema: fileAnalysisReplySchema,
  });
}

export function useRetryAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryAnalysis,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiDashboardKey }),
  });
}
