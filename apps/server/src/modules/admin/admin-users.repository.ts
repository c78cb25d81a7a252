import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repository';
import { containsPattern } from './like-pattern';

export interface AdminUserFilter {
  search?: string;
  role?: UserRow['role'];
  status?: UserRow['status'];
  limit: number;
  offset: number;
}

/**
 * The admin's queries over users that the users module has no use for: search and a locking
 * read. Writes still go through UsersRepository.
 */
export class AdminUsersRepository {
  constructor(private readonly db: Db) {}

  async list(filter: AdminUserFilter): Promise<{ rows: UserRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.search) {
      const like = containsPattern(filter.search);
      const match = or(
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.company, like),
        // "Ada Lovelace" should find Ada Lovelace, not only "Ada" or "Lovelace".
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      );
      if (match) conditions.push(match);
    }
    if (filter.role) conditions.push(eq(users.role, filter.role));
    if (filter.status) conditions.push(eq(users.status, filter.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** Locks the row until the transaction ends, so two admins' changes apply one after the other. */
  async findForUpdate(id: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.id, id)).for('update');
    return rows[0];
  }
}
