import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-extensions';
import type { Clock } from '../src/lib/clock';
import { type Mail, type Mailer, OutboxMailer } from '../src/mail/mailer';
import type { StorageDriver } from '../src/storage/storage-driver';
import { migrationsDir } from './pglite-template.global';

/** Which engine this test process runs on: the vitest project sets STRATOS_TEST_DB. */
export const testDbKind = process.env.STRATOS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let template: Promise<PGlite> | undefined;
let templateDump: Blob | undefined;

/**
 * A migrated PGlite for one app: opened from the run's dump of a migrated data directory
 * (pglite-template.global.ts), or, without one, cloned from a template migrated once per process.
 */
async function migratedPglite(): Promise<PGliteInterface> {
  const dumpFile = inject('pgliteTemplate');
  if (dumpFile) {
    templateDump ??= new Blob([readFileSync(dumpFile)]);
    return PGlite.create({ loadDataDir: templateDump, extensions: PGLITE_EXTENSIONS });
  }
  template ??= (async () => {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = await openDatabase({ pglite });
    await db.migrate(migrationsDir);
    return pglite;
  })();
  return (await template).clone();
}

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
  /** PostgreSQL only: another pool on the same schema, as a second API process would have. */
  reopen?(): Promise<Database>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('STRATOS_TEST_DB=postgres needs TEST_DATABASE_URL');
    const schemaName = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const database = await openDatabase({ url, schemaName, poolSize: 5 });
    await database.migrate(migrationsDir);
    return {
      database,
      reopen: () => openDatabase({ url, schemaName, poolSize: 5 }),
      dispose: async () => {
        await database.db.execute(`drop schema if exists ${schemaName} cascade` as never);
        await database.close();
      },
    };
  }
  const pglite = await migratedPglite();
  const database = await openDatabase({ pglite });
  return { database, dispose: () => database.close() };
}

/** Mail that tests can read back: every mail still lands in the outbox as in production. */
export class TestMailbox implements Mailer {
  readonly transport = 'outbox' as const;
  readonly sent: Mail[] = [];
  constructor(private readonly inner: Mailer) {}
  async send(mail: Mail) {
    this.sent.push(mail);
    await this.inner.send(mail);
  }
  /** The 6-digit code in the latest mail to `email`. */
  lastCode(email: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === email.toLowerCase());
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
}

export class TestClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: App;
  mailbox: TestMailbox;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** pino options instead of silence (a test that reads the log passes a level and a stream). */
  logger?: Record<string, unknown>;
  /** Another open database instead of a fresh one (two apps on one schema act as two processes). */
  database?: Database;
  /** A storage driver of the test's own (e.g. one that injects write faults). */
  storage?: (config: AppConfig) => StorageDriver;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Jobs run only when a test asks (ctx.jobs.tick / runNow), never on their own timer.
    JOBS_ENABLED: 'false',
    ...env,
  });
  const { database, dispose } = opts.database
    ? { database: opts.database, dispose: async () => {} }
    : await openTestDatabase();
  const clock = new TestClock();
  const mailbox = new TestMailbox(new OutboxMailer(database.db, { info: () => {} }));
  const logger = opts.logger ?? { level: 'silent' };
  const app = await buildApp({
    config,
    database,
    clock,
    mailer: mailbox,
    logger,
    storage: opts.storage?.(config),
  });
  return {
    app,
    mailbox,
    clock,
    close: async () => {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another API process on the same database and storage as `t` (as several processes behind a
 * load balancer run): its own instance lease, jobs, caches. Close it before `t`.
 */
export function createSiblingApp(t: TestApp): Promise<App> {
  return buildApp({
    config: t.app.ctx.config,
    database: t.app.ctx.database,
    clock: t.clock,
    mailer: t.mailbox,
    logger: { level: 'silent' },
    storage: t.app.ctx.storage,
  });
}

/**
 * PostgreSQL only: two apps on one schema, each with its own pool and its own in-memory state, as
 * two API processes behind a load balancer are.
 */
export async function createTwoProcessApps(
  env: Record<string, string> = {},
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const opened = await openTestDatabase();
  const second = await opened.reopen?.();
  if (!second) throw new Error('two processes need PostgreSQL (TEST_DATABASE_URL)');
  const a = await createTestApp(env, { database: opened.database });
  const b = await createTestApp(env, { database: second });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await second.close();
      await opened.dispose();
    },
  };
}
