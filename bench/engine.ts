/**
 * The database engines a run measures, and the two ways a bench runs the app on one: in this
 * process (`startBenchApp`, for figures whose limit must share the app's database: a PGlite
 * database lives in one process), or as a server process of its own on a data directory (and a
 * PostgreSQL database) prepared here (`prepareServerData`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type App, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { resolveSecrets } from '../apps/server/src/lib/secrets';

export type EngineName = 'pglite' | 'postgres';

export interface Engine {
  name: EngineName;
  /** PostgreSQL: the database the bench works in (in a schema or a database of its own). */
  url?: string;
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const migrationsDir = path.resolve(import.meta.dirname, '../apps/server/src/db/migrations');

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * BENCH_ENGINES (`pglite`, `postgres` or both, comma-separated) chooses; by default PGlite, and
 * PostgreSQL too when BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) answers.
 * Asking for postgres explicitly when it does not answer is an error.
 */
export async function enginesToRun(): Promise<{ engines: Engine[]; notes: string[] }> {
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const asked = process.env.BENCH_ENGINES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of asked ?? []) {
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine ${name}`);
  }
  const notes: string[] = [];
  const engines: Engine[] = [];
  if (!asked || asked.includes('pglite')) engines.push({ name: 'pglite' });
  if (!asked || asked.includes('postgres')) {
    const problem = await reachable(url);
    if (problem && asked) throw new Error(`BENCH_ENGINES asks for postgres, but ${url} answers: ${problem}`);
    if (problem) notes.push(`PostgreSQL skipped: ${url} does not answer (${problem})`);
    else engines.push({ name: 'postgres', url });
  }
  return { engines, notes };
}

export interface BenchApp {
  app: App;
  url: string;
  database: Database;
  /** Stops the app, drops its schema (PostgreSQL) and removes its data directory. */
  close(): Promise<void>;
}

/**
 * The real app in this process, listening on loopback: PGlite in a temp directory, or PostgreSQL
 * in a schema of its own that `close()` drops, so a run leaves no rows behind. Rate limits of the
 * sign-in routes are lifted (a bench signs in thousands of times from one address).
 */
export async function startBenchApp(
  engine: Engine,
  env: Record<string, string> = {},
  poolSize?: number,
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: engine.url,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const schemaName = config.databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${dataDir}/pglite`,
    schemaName,
    poolSize,
  });
  await database.migrate(config.migrationsDir);
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    // Requests a load generator left in flight when it stopped still finish their writes (the
    // app's close does not wait for its group-commit queues).
    await new Promise((r) => setTimeout(r, 500));
    // The app first: its job scheduler releases its leases in that schema as it stops.
    await app.close();
    if (schemaName) await database.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, url, database, close };
}

export interface ServerData {
  engine: Engine;
  dataDir: string;
  /** PostgreSQL: a database of its own, dropped by `remove()`. */
  databaseUrl?: string;
  /** The secrets the server reads from its data directory (tokens are signed with them). */
  jwtSecret: string;
  /** Opens the database while no server runs (PGlite allows one process), migrated. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/**
 * A data directory (and, on PostgreSQL, a database) for a server process of its own, migrated, with
 * its secrets generated as a first start would: a warm data directory.
 */
export async function prepareServerData(engine: Engine): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-bench-server-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine.url) {
    dbName = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: engine.url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(engine.url);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const { jwtSecret } = resolveSecrets(dataDir, {});
  const open = async () => {
    const database = await openDatabase({ url: databaseUrl, dataDir: `${dataDir}/pglite`, poolSize: 2 });
    await database.migrate(migrationsDir);
    return database;
  };
  await (await open()).close();
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName && engine.url) {
      const admin = new pg.Client({ connectionString: engine.url });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  };
  return { engine, dataDir, databaseUrl, jwtSecret, open, remove };
}
