import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDbKind } from '../../test/test-app';
import { type Database, openDatabase } from './client';

// The listening connection of PostgreSQL (PGlite delivers notifications in process, never drops).
describe.runIf(testDbKind === 'postgres')('LISTEN on PostgreSQL when its connection drops', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const channel = `listen_test_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openDatabase({ url, dataDir: '' });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where query = $1 and state = 'idle' and pid <> pg_backend_pid()",
        [`LISTEN ${channel}`],
      )
    ).rows.map((r) => r.pid);

  it('tells the subscriber of the gap when it drops and again once it listens again, then delivers', async () => {
    const onNotify = vi.fn();
    const onGap = vi.fn();
    const stop = await database.listen(channel, { onNotify, onGap, onError: () => {} });
    try {
      await database.db.execute(sql`select pg_notify(${channel}, 'before')`);
      await expect.poll(() => onNotify.mock.calls.map((c) => c[0])).toEqual(['before']);

      const [pid] = await listeners();
      expect(pid).toBeTypeOf('number');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // At the drop, before the reconnect (which waits a second): whatever the subscriber holds may
      // go stale while nobody listens.
      await expect.poll(() => onGap.mock.calls.length, { timeout: 900 }).toBeGreaterThanOrEqual(1);
      // And after the reconnect (about a second later), for what was missed in between.
      await expect.poll(() => onGap.mock.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => (await listeners()).length).toBe(1);

      await database.db.execute(sql`select pg_notify(${channel}, 'after')`);
      await expect.poll(() => onNotify.mock.calls.map((c) => c[0])).toEqual(['before', 'after']);
    } finally {
      await stop();
    }
  });
});
