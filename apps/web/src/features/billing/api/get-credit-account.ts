import { creditAccountReplySchema } from '@stratos/contracts/billing/credits.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const creditAccountKey = (userId: string) => ['credits', 'account', userId] as const;

/** GET /api/billing/credits/{userId}: balance, totals, and whether the account is unlimited. */
export const creditAccountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: creditAccountKey(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/billing/credits/${encodeURIComponent(userId)}`, {
        schema: creditAccountReplySchema,
        signal,
      }),
  });

export function useCreditAccount(userId: string | undefined, enabled = true) {
  return useQuery({ ...creditAccountQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
