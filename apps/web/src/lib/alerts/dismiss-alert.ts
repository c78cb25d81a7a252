import { type AlertsReply, dismissAlertReplySchema } from '@stratos/contracts/billing/alerts.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { alertsKey } from './list-alerts';

/** POST /api/alerts/{id}/dismiss: hides the alert for 24 hours. */
export function dismissAlert(id: string) {
  return apiRequest(`/alerts/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
    schema: dismissAlertReplySchema,
  });
}

/** Dismisses an alert and drops it from every list on screen at once. */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: (_reply, id) => {
      queryClient.setQueryData<AlertsReply>(alertsKey, (prev) =>
        prev ? { ...prev, alerts: prev.alerts.filter((a) => a.id !== id) } : prev,
      );
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
    },
  });
}
