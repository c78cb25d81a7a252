import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export type NewAuditEvent = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  operation?: string;
  userId?: string;
  search?: string;
  limit: number;
  offset: number;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(event: NewAuditEvent): Promise<void> {
    await this.insertQuery(event);
  }

  /**
   * The insert, not yet run: another module's statement can carry it as a CTE (one round trip).
   * Values may be placeholders, for a statement prepared once.
   */
  insertQuery(event: PgInsertValue<typeof auditLog>) {
    return this.db.insert(auditLog).values(event);
  }

  async list(filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.operation) conditions.push(eq(auditLog.operation, filter.operation));
    if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId));
    if (filter.search) {
      const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = or(ilike(auditLog.actorEmail, like), ilike(auditLog.operation, like));
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
}
