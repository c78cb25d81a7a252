import { userPlanReplySchema } from '@stratos/contracts/billing/credits.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/{userId}/plan: tier, name, price and how the account pays (prepaid by default). */
export const userPlanQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'plan', userId],
    queryFn: ({ signal }) =>
      apiRequest(`/users/${encodeURIComponent(userId)}/plan`, { schema: userPlanReplySchema, signal }),
    select: (reply) => reply.plan,
  });

export function useUserPlan(userId: string | undefined) {
  return useQuery({ ...userPlanQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
