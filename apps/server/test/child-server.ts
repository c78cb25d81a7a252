/**
 * The real app in a process of its own, for tests that kill it (SIGKILL) and start it again on
 * the same data: PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL in the schema CHILD_DB_SCHEMA.
 * Prints `LISTENING <url>` once it serves.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  schemaName: process.env.CHILD_DB_SCHEMA || undefined,
});
await database.migrate(config.migrationsDir);
const app = await buildApp({ config, database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${url}\n`);
