import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { withPreparedStatements } from './pglite-prepared';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers expose the same PostgreSQL query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

/** What a LISTEN subscriber is told. */
export interface NotifyHandlers {
  onNotify(payload: string): void;
  /** Notifications may have been missed (the listening connection dropped and came back). */
  onGap(): void;
  onError(err: unknown): void;
}

export interface Database {
  db: Db;
  driver: DbDriver;
  /** The schema holding drizzle's `__drizzle_migrations` table (what has been applied). */
  migrationsSchema: string;
  migrate(migrationsFolder: string): Promise<void>;
  ping(): Promise<void>;
  /** LISTENs on `channel` (a plain identifier); resolves to a function that stops listening. */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * PGlite's buffer pool, 32 MB instead of initdb's 128 MB. PGlite zeroes the whole pool at every
 * start (~90 ms of its start here) and it then stays resident (~70-100 MB of an idle server's
 * memory). PGlite reads its files through the OS page cache, which holds them as well: the
 * listing, dashboard and search at 100,000 files, knowledge search and RAG stayed within the
 * machine's noise of their 128 MB figures (docs/benchmarks.md, 2026-11-27 evening).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent -> in memory. */
  dataDir?: string;
  /** An already opened PGlite (tests clone a migrated template). */
  pglite?: PGliteInterface;
  /** PostgreSQL schema to work in (tests use one per suite). */
  schemaName?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.schemaName, opts.poolSize ?? 10);
  let client: PGliteInterface | undefined = opts.pglite;
  if (!client) {
    if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create({
      dataDir: opts.dataDir,
      extensions: PGLITE_EXTENSIONS,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  }
  const pglite = client;
  // clone() is typed as the interface; drizzle wants the class it came from.
  const db = drizzlePglite({ client: forDrizzle(pglite, true) as PGlite, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrationsSchema: 'drizzle',
    migrate: (migrationsFolder) => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await pglite.query('select 1');
    },
    // One process: notifications arrive with the results of the statement whose commit sent them.
    listen: async (channel, handlers) => {
      if (!CHANNEL.test(channel)) throw new Error(`Bad channel name ${channel}`);
      const stop = await pglite.listen(channel, handlers.onNotify);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    close: () => pglite.close(),
  };
}

type QueryFn = PGliteInterface['query'];

/**
 * The PGlite client as Drizzle sees it.
 *
 * Drizzle passes a `parsers` option with every PGlite query so timestamps arrive as strings; any
 * per-query parsers make PGlite rebuild its parser table, which more than doubles the cost of a
 * small query (~110 -> ~290 us, on the main thread). Drizzle's columns accept the Date objects
 * PGlite's default parsers produce, so the option is dropped.
 *
 * Outside transactions, Drizzle's prepared queries also become named server-side statements
 * (pglite-prepared.ts), as they are on PostgreSQL.
 */
function forDrizzle<T extends object>(target: T, root: boolean): T {
  const pglite = target as unknown as PGliteInterface;
  const run: QueryFn = (query, params, options) => {
    if (!options?.parsers) return pglite.query(query, params, options);
    const { parsers: _dropped, ...rest } = options;
    return pglite.query(query, params, rest);
  };
  const query = root ? withPreparedStatements(pglite, run) : run;
  return new Proxy(target, {
    get(obj, prop) {
      if (prop === 'query') return query;
      const value = Reflect.get(obj, prop, obj);
      if (prop === 'transaction') {
        return (fn: (tx: object) => Promise<unknown>) =>
          (value as (f: (tx: object) => Promise<unknown>) => Promise<unknown>).call(obj, (tx) =>
            fn(forDrizzle(tx, false)),
          );
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

async function openPostgres(url: string, schemaName: string | undefined, max: number): Promise<Database> {
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Bad schema name ${schemaName}`);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: schemaName ? `-c search_path=${schemaName}` : undefined,
  });
  if (schemaName) await pool.query(`create schema if not exists ${schemaName}`);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrationsSchema: schemaName ?? 'drizzle',
    migrate: async (migrationsFolder) => {
      // Several API processes may start at once: one migrates, the others wait for it.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock(7215011)');
        await migratePg(db as never, { migrationsFolder, migrationsSchema: schemaName ?? 'drizzle' });
      } finally {
        await lockClient.query('select pg_advisory_unlock(7215011)').catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries). When it
 * drops it is opened again after a second; the subscriber is told of the gap when it drops and
 * again once it listens again (it may have missed notifications in between).
 */
async function listenPostgres(url: string, channel: string, h: NotifyHandlers): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) h.onNotify(m.payload ?? '');
    });
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      // Told now too, not only after the reconnect: what was held may go stale while nobody listens.
      h.onGap();
      if (err) h.onError(err);
      c.end().catch(() => {});
      if (!stopped) later();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const later = () => {
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => h.onGap(),
        (err) => {
          h.onError(err);
          if (!stopped) later();
        },
      );
    }, 1000);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
