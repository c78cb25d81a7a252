import type {
  Notification,
  NotificationReadReply,
  NotificationsReadAllReply,
  NotificationsReply,
} from '@stratos/contracts/notifications/notification.schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  type NewNotification,
  type NotificationRow,
  NotificationsRepository,
} from './notifications.repository';

export type NotificationInput = NewNotification;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    title: row.title,
    message: row.message,
    link: row.link,
    readAt: iso(row.readAt),
    createdAt: iso(row.createdAt) as string,
  };
}

/**
 * In-app notifications. Other modules record them through `record` (inside their own
 * transaction when they pass one, so the notice lands with the change it announces).
 */
export class NotificationsService {
  private readonly repo: NotificationsRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new NotificationsRepository(db);
  }

  async record(tx: Db | undefined, input: NotificationInput): Promise<Notification> {
    return toNotification(await this.repo.insert(tx, input, this.clock.now()));
  }

  async list(userId: string, opts: { limit: number; unreadOnly: boolean }): Promise<NotificationsReply> {
    const [rows, unread] = await Promise.all([this.repo.list(userId, opts), this.repo.unreadCount(userId)]);
    return { success: true, notifications: rows.map(toNotification), unread };
  }

  async read(userId: string, id: string): Promise<NotificationReadReply> {
    const row = await this.repo.markRead(userId, id, this.clock.now());
    if (!row) throw notFound('Notification not found');
    return { success: true, notification: toNotification(row), unread: await this.repo.unreadCount(userId) };
  }

  async readAll(userId: string): Promise<NotificationsReadAllReply> {
    const updated = await this.repo.markAllRead(userId, this.clock.now());
    return { success: true, updated, unread: 0 };
  }
}
