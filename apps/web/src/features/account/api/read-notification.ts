import { notificationReadReplySchema } from '@stratos/contracts/notifications/notification.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKey } from './list-notifications';

/** POST /api/notifications/{id}/read */
export function readNotification(id: string) {
  return apiRequest(`/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    body: {},
    schema: notificationReadReplySchema,
  });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
