import type { Database } from '../apps/server/src/db/client';

type Rows = Promise<unknown[]>;
interface PgPool {
  query(
    config: { name: string; text: string; values: unknown[] } | string,
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}
interface PgliteClient {
  query(text: string, values?: unknown[], options?: object): Promise<{ rows: unknown[] }>;
}
const clientOf = (database: Database) =>
  (database.db as unknown as { $client: PgPool & PgliteClient }).$client;

/**
 * Raw SQL as a named server-side statement, parsed and planned once, as the app's prepared
 * Drizzle queries run: node-postgres names it on PostgreSQL; on PGlite the app's client
 * (db/pglite-prepared.ts) names a statement the second time the same options object comes with the
 * same text, so each statement here keeps one options object.
 */
export function preparedQuery(database: Database, name: string, text: string): (values: unknown[]) => Rows {
  const client = clientOf(database);
  if (database.driver === 'postgres')
    return (values) => client.query({ name, text, values }).then((r) => r.rows);
  const options = {};
  return (values) => client.query(text, values, options).then((r) => r.rows);
}

/** Raw SQL parsed and planned on every call, as the app's ad-hoc statements run. */
export function adhocQuery(database: Database, text: string): (values: unknown[]) => Rows {
  const client = clientOf(database);
  return (values) => client.query(text, values).then((r) => r.rows);
}
