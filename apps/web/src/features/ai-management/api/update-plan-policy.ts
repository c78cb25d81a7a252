import { type AiPlanPolicyBody, aiPlanPolicyReplySchema } from '@stratos/contracts/ai/management.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aiManagementKey } from './get-ai-management';

/** PUT /api/ai/management/plans/:planId: a plan's allowed models and monthly allowance. */
export async function updatePlanPolicy(planId: string, body: AiPlanPolicyBody) {
  const reply = await apiRequest(`/ai/management/plans/${encodeURIComponent(planId)}`, {
    method: 'PUT',
    body,
    schema: aiPlanPolicyReplySchema,
  });
  return reply.data.plan;
}

export function useUpdatePlanPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, body }: { planId: string; body: AiPlanPolicyBody }) =>
      updatePlanPolicy(planId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiManagementKey }),
  });
}
