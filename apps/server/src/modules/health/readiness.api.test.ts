import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.fixture';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app';
import { LocalStorageDriver } from '../../storage/local.driver';

const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with every check when database, storage and migrations are in order', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: {
        database: { status: 'ok' },
        storage: { status: 'ok', driver: 'local' },
        migrations: { status: 'ok', pending: 0 },
      },
    });
  });

  it('answers 503 naming the migrations when the database lacks one this build has', async () => {
    const { database } = t.app.ctx;
    const table = sql`${sql.identifier(database.migrationsSchema)}.__drizzle_migrations`;
    const newest = sql`(select max(created_at) from ${table})`;
    const res0 = await database.db.execute(sql`select * from ${table} where created_at = ${newest}`);
    const row = (res0 as unknown as { rows: { hash: string; created_at: string }[] }).rows[0];
    if (!row) throw new Error('no migration applied');
    await database.db.execute(sql`delete from ${table} where created_at = ${row.created_at}`);
    try {
      const res = await ready(t);
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('not_ready');
      expect(res.json().checks.database).toEqual({ status: 'ok' });
      expect(res.json().checks.migrations).toMatchObject({ status: 'error', pending: 1 });
      expect(res.json().checks.migrations.message).toMatch(/1 migration not applied/);
    } finally {
      await database.db.execute(
        sql`insert into ${table} (hash, created_at) values (${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready(t)).statusCode).toBe(200);
  });

  it('keeps /api/health a liveness answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});

describe('readiness when a dependency is down', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('answers 503 naming the storage when the local store cannot be written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stratos-ready-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const root = path.join(dir, 'blobs');
    const t = await createTestApp({}, { storage: () => new LocalStorageDriver(root) });
    cleanups.push(() => t.close());
    expect((await ready(t)).statusCode).toBe(200);
    // The store's temporary directory becomes a regular file: every write fails, even as root.
    rmSync(path.join(root, 'tmp'), { recursive: true, force: true });
    writeFileSync(path.join(root, 'tmp'), 'x');
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.status).toBe('not_ready');
    expect(body.checks.storage).toMatchObject({ status: 'error', driver: 'local' });
    expect(body.checks.storage.message).toMatch(/EEXIST|ENOTDIR/);
    expect(body.checks.database).toEqual({ status: 'ok' });
  });

  it('checks the S3 bucket, and answers 503 once the object store is gone', async () => {
    const s3 = await startTestS3('standin');
    let closed = false;
    cleanups.push(() => (closed ? undefined : s3.close()));
    const t = await createTestApp(s3.env);
    cleanups.push(() => t.close());
    const up = await ready(t);
    expect(up.statusCode).toBe(200);
    expect(up.json().checks.storage).toEqual({ status: 'ok', driver: 's3' });
    await s3.close();
    closed = true;
    const down = await ready(t);
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.storage).toMatchObject({ status: 'error', driver: 's3' });
  });

  it('answers 503 naming the database when it no longer answers', async () => {
    const opened = await openTestDatabase();
    const t = await createTestApp({}, { database: opened.database });
    cleanups.push(() => opened.dispose().catch(() => {}));
    cleanups.push(() => t.close().catch(() => {}));
    // The connection (pool, or PGlite itself) is closed under the running app.
    await opened.database.close();
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.checks.database.status).toBe('error');
    expect(body.checks.database.message).toBeTruthy();
    expect(body.checks.migrations.status).toBe('error');
    expect(body.checks.storage).toEqual({ status: 'ok', driver: 'local' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  });
});
