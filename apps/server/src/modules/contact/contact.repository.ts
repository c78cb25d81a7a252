import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';

export type ContactRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;

export class ContactRepository {
  constructor(private readonly db: Db) {}

  async insert(message: NewContactMessage): Promise<string> {
    const rows = await this.db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async list(page: { limit: number; offset: number }): Promise<{ rows: ContactRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(contactMessages),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
}
