import { alertHistoryReplySchema } from '@stratos/contracts/billing/alerts.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/alerts/history: the latest 100 alerts, active or resolved. */
export const alertHistoryQueryOptions = queryOptions({
  queryKey: ['alerts', 'history'],
  queryFn: ({ signal }) => apiRequest('/alerts/history', { schema: alertHistoryReplySchema, signal }),
  select: (reply) => reply.alerts,
});

export function useAlertHistory(enabled = true) {
  return useQuery({ ...alertHistoryQueryOptions, enabled });
}
