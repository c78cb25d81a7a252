import { meReplySchema } from '@stratos/contracts/auth/session.schema';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const meKey = ['auth', 'me'] as const;

/** GET /api/auth/me: the signed-in user, fresh from the database. */
export async function fetchMe(signal?: AbortSignal): Promise<PublicUser> {
  const reply = await apiRequest('/auth/me', { schema: meReplySchema, signal });
  return reply.user;
}

export const meQueryOptions = queryOptions({ queryKey: meKey, queryFn: ({ signal }) => fetchMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions);
}
