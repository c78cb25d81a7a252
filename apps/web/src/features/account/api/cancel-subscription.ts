import { subscriptionReplySchema } from '@stratos/contracts/billing/payments.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionStatusKey } from '../../../lib/billing/subscription-status';

/** POST /api/payments/cancel-subscription: the plan stays until the end of the paid period. */
export function cancelSubscription() {
  return apiRequest('/payments/cancel-subscription', {
    method: 'POST',
    body: {},
    schema: subscriptionReplySchema,
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusKey }),
  });
}
