import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * How often the named prepared statements whose text holds `fragment` were planned, custom and
 * generic, in the session that reads this: PGlite's only one, or on PostgreSQL the pool's idle
 * connection, which is the one that ran the queries before it when they ran one at a time.
 */
export async function plansOf(db: Db, fragment: string): Promise<{ generic: number; custom: number }> {
  const result = (await db.execute(
    sql`select generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where statement like ${`%${fragment}%`}`,
  )) as unknown as { rows: Array<{ generic: number; custom: number }> };
  return result.rows.reduce(
    (sum, r) => ({ generic: sum.generic + Number(r.generic), custom: sum.custom + Number(r.custom) }),
    { generic: 0, custom: 0 },
  );
}
