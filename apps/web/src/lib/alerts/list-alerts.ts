import { ALERT_THRESHOLDS, alertsReplySchema } from '@stratos/contracts/billing/alerts.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const alertsKey = ['alerts', 'active'] as const;

/** GET /api/alerts: the caller's active, undismissed alerts, most severe first. */
export const alertsQueryOptions = queryOptions({
  queryKey: alertsKey,
  queryFn: ({ signal }) => apiRequest('/alerts', { schema: alertsReplySchema, signal }),
});

/** Part 1 section 9: the widget polls every 2 minutes, the header's notification dropdown every 5. */
export const ALERT_POLL_MS = {
  widget: ALERT_THRESHOLDS.widgetPollMinutes * 60_000,
  dropdown: ALERT_THRESHOLDS.notificationPollMinutes * 60_000,
} as const;

export function useAlerts(poll: keyof typeof ALERT_POLL_MS, enabled = true) {
  return useQuery({ ...alertsQueryOptions, refetchInterval: ALERT_POLL_MS[poll], enabled });
}
