import { z } from 'zod';
import { limitQuery } from '../common/envelope.schema';

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['alert', 'billing', 'system']),
  severity: z.enum(['info', 'warning', 'critical']),
  title: z.string(),
  message: z.string(),
  /** An in-app path to open, e.g. /alerts. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  limit: limitQuery(50, 100),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export const notificationsReplySchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

export const notificationIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/notifications/{id}/read */
export const notificationReadReplySchema = z.object({
  success: z.literal(true),
  notification: notificationSchema,
  unread: z.number().int(),
});
export type NotificationReadReply = z.infer<typeof notificationReadReplySchema>;

/** POST /api/notifications/read-all */
export const notificationsReadAllReplySchema = z.object({
  success: z.literal(true),
  /** How many were unread and are now read. */
  updated: z.number().int(),
  unread: z.literal(0),
});
export type NotificationsReadAllReply = z.infer<typeof notificationsReadAllReplySchema>;
