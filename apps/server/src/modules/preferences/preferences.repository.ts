import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema/index';

type StoredPreferences = Record<string, unknown>;

export interface MergeResult {
  /** The row as this statement left it. */
  data: StoredPreferences;
  /** The row before it (null when there was none); only used to report what changed. */
  previous: StoredPreferences | null;
}

export class PreferencesRepository {
  /**
   * One primary-key lookup, built once: Drizzle otherwise rebuilds the SQL and its prepared-query
   * object on every call (~65 us of main thread per GET under load). It is also a named server-side
   * statement, parsed and planned once: by node-postgres on PostgreSQL, by db/pglite-prepared.ts on
   * PGlite.
   */
  private readonly findStatement;

  constructor(private readonly db: Db) {
    this.findStatement = db
      .select({ data: userPreferences.data })
      .from(userPreferences)
      .where(eq(userPreferences.userId, sql.placeholder('userId')))
      .prepare('preferences_find');
  }

  /** The GET route is benchmarked against a bare route doing the same read. */
  async find(userId: string): Promise<StoredPreferences | undefined> {
    const rows = await this.findStatement.execute({ userId });
    return rows[0]?.data;
  }

  /**
   * Merges `patch` into the stored preferences in one statement: top-level keys replace, nested
   * objects merge key by key. The upsert locks the row, so concurrent PUTs of different fields
   * (even of different fields of one nested object) all survive; a read-modify-write in the
   * service would lose one of them. `previous` comes from the statement's snapshot, so under
   * concurrency it may predate a write that committed meanwhile; it only feeds `updated_fields`.
   */
  async merge(userId: string, patch: StoredPreferences): Promise<MergeResult> {
    const result = await this.db.execute(sql`
      with previous as (
        select data from ${userPreferences} where user_id = ${userId}
      )
      insert into ${userPreferences} as stored (user_id, data, updated_at)
      values (${userId}, ${JSON.stringify(patch)}::jsonb, now())
      on conflict (user_id) do update set
        updated_at = now(),
        data = (
          select coalesce(jsonb_object_agg(
            coalesce(n.key, o.key),
            case
              when jsonb_typeof(o.value) = 'object' and jsonb_typeof(n.value) = 'object' then o.value || n.value
              else coalesce(n.value, o.value)
            end
          ), '{}'::jsonb)
          from jsonb_each(stored.data) as o
          full join jsonb_each(excluded.data) as n on n.key = o.key
        )
      returning data, (select data from previous) as previous
    `);
    const row = (result as unknown as { rows: MergeResult[] }).rows[0];
    if (!row) throw new Error('preferences upsert returned no row');
    return row;
  }

  async remove(userId: string): Promise<void> {
    await this.db.delete(userPreferences).where(eq(userPreferences.userId, userId));
  }
}
