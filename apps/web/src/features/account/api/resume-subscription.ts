import { subscriptionReplySchema } from '@stratos/contracts/billing/payments.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionStatusKey } from '../../../lib/billing/subscription-status';

/** POST /api/payments/resume-subscription: undoes a cancellation before the period ends. */
export function resumeSubscription() {
  return apiRequest('/payments/resume-subscription', {
    method: 'POST',
    body: {},
    schema: subscriptionReplySchema,
  });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusKey }),
  });
}
