import { and, eq, type Placeholder, sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

const byEmailQuery = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare('users_by_email');

const accessStateQuery = (db: Db) =>
  db
    .select({ tokenVersion: users.tokenVersion, status: users.status })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_access_state');

const accessStatesQuery = (db: Db) =>
  db
    .select({ id: users.id, tokenVersion: users.tokenVersion, status: users.status })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('users_access_states');

/** SQL for the users table. Other modules reach users through this repository, not the table. */
export class UsersRepository {
  /** Sign-in's lookup, built on first use and kept: Drizzle would rebuild it each time (~0.2 ms). */
  private byEmail?: ReturnType<typeof byEmailQuery>;
  private byIdAccess?: ReturnType<typeof accessStateQuery>;
  private byIdsAccess?: ReturnType<typeof accessStatesQuery>;

  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    this.byEmail ??= byEmailQuery(this.db);
    const rows = await this.byEmail.execute({ email: email.toLowerCase() });
    return rows[0];
  }

  /** What the auth guard checks a token against (a primary-key read, prepared once). */
  async accessState(id: string): Promise<{ tokenVersion: number; status: UserRow['status'] } | undefined> {
    this.byIdAccess ??= accessStateQuery(this.db);
    const rows = await this.byIdAccess.execute({ id });
    return rows[0];
  }

  /** The same for many accounts in one query; accounts that do not exist are left out. */
  async accessStates(
    ids: string[],
  ): Promise<Array<{ id: string; tokenVersion: number; status: UserRow['status'] }>> {
    this.byIdsAccess ??= accessStatesQuery(this.db);
    return this.byIdsAccess.execute({ ids });
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

  /**
   * Sets the last-login time and returns the user, not yet run: values may be placeholders, so a
   * caller can prepare it once. `alongWith` are writes (CTEs) that land in the same statement.
   */
  signedInQuery(id: string | Placeholder, at: Date | Placeholder, alongWith: WithSubquery[] = []) {
    return (
      this.db
        .with(...alongWith)
        .update(users)
        // Drizzle's types leave placeholders out of set(), but it encodes them like values.
        .set({ lastLoginAt: at as Date, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning()
    );
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

  /**
   * Deletes the user; their rows cascade. Their files' blob references are given back by a trigger
   * in the same statement (migration 0006), and the files.collect-garbage job deletes the bytes
   * nobody references any more.
   */
  async delete(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }
}
