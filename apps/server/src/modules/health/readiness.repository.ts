import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** What readiness asks the database: that it answers, and which migrations it has applied. */
export class ReadinessRepository {
  constructor(private readonly database: Database) {}

  async ping(): Promise<void> {
    await this.database.ping();
  }

  /**
   * The journal time (`created_at`) of the newest migration applied, or null when drizzle's table
   * is missing or empty (a database never migrated). drizzle itself decides what to apply the
   * same way: every journal entry newer than this.
   */
  async lastAppliedMigration(): Promise<number | null> {
    const schema = this.database.migrationsSchema;
    const table = await this.database.db.execute(
      sql`select to_regclass(${`"${schema}"."__drizzle_migrations"`}) is not null as present`,
    );
    if (!rows<{ present: boolean }>(table)[0]?.present) return null;
    const res = await this.database.db.execute(
      sql`select max(created_at) as last from ${sql.identifier(schema)}.__drizzle_migrations`,
    );
    const last = rows<{ last: string | number | null }>(res)[0]?.last;
    return last === null || last === undefined ? null : Number(last);
  }
}

/** pg returns `{ rows }`, PGlite's drizzle driver the same shape. */
function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
