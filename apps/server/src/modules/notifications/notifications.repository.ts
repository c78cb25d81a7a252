import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'kind' | 'severity' | 'title' | 'message' | 'link'
>;

/** SQL of `notifications`: the in-app notices of the header bell and the notifications page. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async insert(tx: Db | undefined, n: NewNotification, at: Date): Promise<NotificationRow> {
    const rows = await (tx ?? this.db)
      .insert(notifications)
      .values({ ...n, link: n.link ?? null, createdAt: at })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  list(userId: string, opts: { limit: number; unreadOnly: boolean }): Promise<NotificationRow[]> {
    const where = opts.unreadOnly
      ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
      : eq(notifications.userId, userId);
    return this.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit);
  }

  async unreadCount(userId: string): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(rows[0]?.n ?? 0);
  }

  /** Marks one of the user's notifications read (kept as first read); undefined when not theirs. */
  async markRead(userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return rows[0];
  }

  async markAllRead(userId: string, at: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
