import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** SQL for the users table. Other modules reach users through this repository, not the table. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return rows[0];
  }

  async insert(user: NewUser): Promise<UserRow> {
    const rows = await this.db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
    const rows = await this.db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  }

  /** Confirms a sign-up; returns undefined when the account was not (or no longer) unconfirmed. */
  async activate(id: string, at: Date): Promise<UserRow | undefined> {
    const rows = await this.db
      .update(users)
      .set({ status: 'active', confirmedAt: at, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.status, 'unconfirmed')))
      .returning();
    return rows[0];
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }
}
