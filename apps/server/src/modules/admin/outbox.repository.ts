import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutboxFilter {
  to?: string;
  limit: number;
  offset: number;
}

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** An exact recipient match, so the (to_address, created_at) index serves the filtered page. */
  async list(filter: OutboxFilter): Promise<{ rows: OutboxRow[]; total: number }> {
    const where = filter.to ? eq(outbox.to, filter.to) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(outbox)
        .where(where)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ n: count() }).from(outbox).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
}
