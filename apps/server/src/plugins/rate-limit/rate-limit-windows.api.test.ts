import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOf } from '../../../test/prepared-plans';
import { openTestDatabase, type TestDatabase } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { RateLimitWindowsRepository } from './rate-limit-windows.repository';

const settingOf = async (db: Db) =>
  ((await db.execute(sql`show synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] })
    .rows[0]?.synchronous_commit;

describe('RateLimitWindowsRepository (the shared counters)', () => {
  let t: TestDatabase;
  let now = Date.parse('2026-11-26T08:00:00Z');
  let counter: RateLimitWindowsRepository;
  beforeAll(async () => {
    t = await openTestDatabase();
    counter = new RateLimitWindowsRepository(t.database.db, () => now);
  });
  afterAll(() => t.dispose());

  it('counts hits per key, gives one back, and opens a new window once one ends', async () => {
    expect(await counter.hitMany(['a', 'b'], 60_000)).toEqual([
      { count: 1, resetMs: 60_000 },
      { count: 1, resetMs: 60_000 },
    ]);
    now += 1000;
    expect((await counter.hitMany(['a', 'b'], 60_000)).map((h) => h.count)).toEqual([2, 2]);
    await counter.undo(['a']);
    expect(await counter.hit('a', 60_000)).toEqual({ count: 2, resetMs: 59_000 });
    now += 60_000;
    expect(await counter.hit('b', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
  });

  it('prepares the giving back, as the hit: planned once, then on its generic plan', async () => {
    for (let i = 0; i < 10; i++) {
      const keys = [`f${i}`, `g${i}`, `h${i}`];
      await counter.hitMany(keys, 60_000);
      await counter.undo(keys);
    }
    expect((await counter.hitMany(['f9', 'g9', 'h9'], 60_000)).map((h) => h.count)).toEqual([1, 1, 1]);
    // Three keys: a statement no other test runs. One at a time, so on PostgreSQL the pool's idle
    // connection is the one that ran them all.
    const plans = await plansOf(t.database.db, '"key" in ($1, $2, $3)');
    expect(plans.custom).toBeLessThanOrEqual(5);
    expect(plans.generic).toBeGreaterThanOrEqual(4);
  });

  it('commits its own writes without waiting for the WAL flush, and only its own', async () => {
    const db = t.database.db;
    // Inside a transaction the setting holds until its commit: the counter's statement turned it off.
    await db.transaction(async (tx) => {
      expect(await settingOf(tx as unknown as Db)).toBe('on');
      await new RateLimitWindowsRepository(tx as unknown as Db, () => now).hitMany(['c', 'd'], 60_000);
      expect(await settingOf(tx as unknown as Db)).toBe('off');
    });
    for (let i = 0; i < 10; i++) {
      await counter.hit(`e${i}`, 60_000);
      await counter.undo([`e${i}`]);
    }
    // Every connection the pool holds still commits durably (a session-wide setting would leak here).
    const settings = await Promise.all(Array.from({ length: 10 }, () => settingOf(db)));
    expect(new Set(settings)).toEqual(new Set(['on']));
  });
});
