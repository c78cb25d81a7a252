import {
  type adminUsersQuerySchema,
  adminUsersReplySchema,
} from '@stratos/contracts/admin/admin-users.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type Query = z.output<typeof adminUsersQuerySchema>;

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/users: search, role and status filters, server-side pages. */
export async function fetchAdminUsers(query: Query, signal?: AbortSignal) {
  const reply = await apiRequest('/admin/users', {
    query: { ...query },
    schema: adminUsersReplySchema,
    signal,
  });
  return reply.data;
}

export function useAdminUsers(query: Query) {
  return useQuery({
    queryKey: [...adminUsersKey, query],
    queryFn: ({ signal }) => fetchAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
