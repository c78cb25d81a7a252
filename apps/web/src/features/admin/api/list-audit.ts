import { type auditQuerySchema, auditReplySchema } from '@stratos/contracts/audit/audit.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type Query = z.output<typeof auditQuerySchema>;

/** GET /api/admin/audit: the audit trail, filtered by operation and free text. */
export async function fetchAudit(query: Query, signal?: AbortSignal) {
  const reply = await apiRequest('/admin/audit', { query: { ...query }, schema: auditReplySchema, signal });
  return reply.data;
}

export function useAudit(query: Query) {
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => fetchAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
