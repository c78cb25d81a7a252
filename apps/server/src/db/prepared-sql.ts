import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/** Raw rows of a prepared statement, as `db.execute` returns them. */
export interface PreparedSql<T> {
  execute(values: Record<string, unknown>): Promise<{ rows: T[] }>;
}

/**
 * Raw SQL (with `sql.placeholder`s) as a named server-side statement, parsed and planned once per
 * connection, as Drizzle's query builder does with `.prepare()`: for statements the builder cannot
 * express (recursive CTEs) that run often enough for their planning to matter. On the root
 * database only: PGlite names statements outside transactions (db/pglite-prepared.ts).
 */
export function preparedSql<T>(db: Db, name: string, statement: SQL): PreparedSql<T> {
  const query = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return { execute: (values) => query.execute(values) as Promise<{ rows: T[] }> };
}
