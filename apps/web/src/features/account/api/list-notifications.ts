import { notificationsReplySchema } from '@stratos/contracts/notifications/notification.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications?limit=50[&unreadOnly=true]: the caller's feed, newest first. */
export const notificationsQueryOptions = (unreadOnly: boolean) =>
  queryOptions({
    queryKey: [...notificationsKey, { unreadOnly }],
    queryFn: ({ signal }) =>
      apiRequest('/notifications', {
        query: { limit: 50, unreadOnly: unreadOnly ? 'true' : undefined },
        schema: notificationsReplySchema,
        signal,
      }),
    // Part 1 section 9: the notification component polls every 5 minutes.
    refetchInterval: 5 * 60_000,
  });

export function useNotifications(unreadOnly: boolean) {
  return useQuery({ ...notificationsQueryOptions(unreadOnly), placeholderData: (prev) => prev });
}
