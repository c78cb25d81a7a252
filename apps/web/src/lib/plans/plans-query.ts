import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { ApiError } from '../api-error';
import { plansFromReply } from './plans-reply';

/** GET /api/payments/plans: the one plan catalogue (DECISIONS.md section 2), shared by every screen. */
export async function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  const plans = plansFromReply(await apiRequest('/payments/plans', { anonymous: true, signal }));
  if (!plans) throw new ApiError(200, 'INVALID_RESPONSE', 'Invalid API response.');
  return plans;
}

export const plansQueryOptions = queryOptions({
  queryKey: ['payments', 'plans'],
  queryFn: ({ signal }) => fetchPlans(signal),
  staleTime: 5 * 60_000,
});

export function usePlansQuery(enabled = true) {
  return useQuery({ ...plansQueryOptions, enabled });
}

export function findPlan(plans: readonly Plan[] | undefined, planId: string | null): Plan | null {
  if (!plans || !planId) return null;
  return plans.find((p) => p.id === planId) ?? null;
}
