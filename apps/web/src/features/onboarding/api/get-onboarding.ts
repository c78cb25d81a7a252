import { onboardingReplySchema } from '@stratos/contracts/billing/onboarding.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const onboardingKey = ['onboarding'] as const;

/** GET /api/onboarding: the answers saved so far (all empty for a new account). */
export const onboardingQueryOptions = queryOptions({
  queryKey: onboardingKey,
  queryFn: ({ signal }) => apiRequest('/onboarding', { schema: onboardingReplySchema, signal }),
  select: (reply) => reply.onboarding,
});

export function useOnboarding() {
  return useQuery(onboardingQueryOptions);
}
