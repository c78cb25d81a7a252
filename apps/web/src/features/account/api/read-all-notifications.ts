import { notificationsReadAllReplySchema } from '@stratos/contracts/notifications/notification.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKey } from './list-notifications';

/** POST /api/notifications/read-all */
export function readAllNotifications() {
  return apiRequest('/notifications/read-all', {
    method: 'POST',
    body: {},
    schema: notificationsReadAllReplySchema,
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
