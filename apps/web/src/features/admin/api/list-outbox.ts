import { type outboxQuerySchema, outboxReplySchema } from '@stratos/contracts/admin/admin-users.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type Query = z.output<typeof outboxQuerySchema>;

/** GET /api/admin/outbox: mail kept in the database, newest first. */
export async function fetchOutbox(query: Query, signal?: AbortSignal) {
  const reply = await apiRequest('/admin/outbox', { query: { ...query }, schema: outboxReplySchema, signal });
  return reply.data;
}

export function useOutbox(query: Query) {
  return useQuery({
    queryKey: ['admin', 'outbox', query],
    queryFn: ({ signal }) => fetchOutbox(query, signal),
    placeholderData: keepPreviousData,
  });
}
