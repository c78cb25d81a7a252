import { billingUsageReplySchema } from '@stratos/contracts/billing/credits.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/billing/usage?days=N: daily storage, transfer and what they cost, for the charts. */
export const billingUsageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['billing', 'usage', days],
    queryFn: ({ signal }) =>
      apiRequest('/billing/usage', { query: { days }, schema: billingUsageReplySchema, signal }),
  });

export function useBillingUsage(days: number) {
  return useQuery({ ...billingUsageQueryOptions(days), placeholderData: (prev) => prev });
}
