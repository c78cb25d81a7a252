import { subscriptionStatusReplySchema } from '@stratos/contracts/billing/payments.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const subscriptionStatusKey = ['payments', 'subscription-status'] as const;

/**
 * GET /api/payments/subscription-status: whether the caller has an active subscription, the plan,
 * next billing date and total spent. Shared by the payment panel, the success page and settings.
 */
export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: subscriptionStatusKey,
  queryFn: ({ signal }) =>
    apiRequest('/payments/subscription-status', { schema: subscriptionStatusReplySchema, signal }),
});

export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...subscriptionStatusQueryOptions, enabled });
}
