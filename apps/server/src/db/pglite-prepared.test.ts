import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared';

describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  let protocolCalls = 0;
  let query: ReturnType<typeof withPreparedStatements>;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec('create table t (id int primary key, note text, at timestamptz, doc jsonb)');
    const execProtocolStream = pg.execProtocolStream.bind(pg);
    pg.execProtocolStream = (...args) => {
      protocolCalls++;
      return execProtocolStream(...args);
    };
    query = withPreparedStatements(pg, (text, params, options) => pg.query(text, params, options));
  });
  afterAll(() => pg.close());

  /** How many protocol round trips one call takes. */
  async function roundTrips(run: () => Promise<unknown>) {
    const before = protocolCalls;
    await run();
    return protocolCalls - before;
  }

  it('names a statement the second time the same options object brings the same text', async () => {
    const prepared: QueryOptions = { rowMode: 'array' };
    const insert = 'insert into t (id, note, at, doc) values ($1, $2, $3, $4) returning *';
    const first = await query(insert, [1, null, new Date(0), JSON.stringify({ a: 1 })], prepared);
    const second = await query(insert, [2, 'two', new Date(0), JSON.stringify({ a: 2 })], prepared);
    expect(first.rows).toEqual([[1, null, new Date(0), { a: 1 }]]);
    expect(second.rows).toEqual([[2, 'two', new Date(0), { a: 2 }]]);
    expect(second.affectedRows).toBe(1);
    const select = 'select note from t where id = $1';
    await query(select, [2], prepared);
    expect(await roundTrips(() => query(select, [2], prepared))).toBe(2); // parse once, then one call
    expect(await roundTrips(() => query(select, [2], prepared))).toBe(1);
    // Ad-hoc queries (a new options object each time) keep PGlite's own path.
    expect(await roundTrips(() => query(select, [2], { rowMode: 'array' }))).toBeGreaterThan(1);
  });

  it('gives the same errors, and keeps working after one', async () => {
    const prepared: QueryOptions = {};
    const insert = 'insert into t (id) values ($1)';
    await query(insert, [10], prepared);
    await query(insert, [11], prepared);
    await expect(query(insert, [11], prepared)).rejects.toMatchObject({ code: '23505', query: insert });
    await query(insert, [12], prepared);
    expect((await pg.query('select count(*)::int as n from t where id >= 10')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares again when a table change makes the plan stale', async () => {
    const prepared: QueryOptions = { rowMode: 'array' };
    await pg.exec('create table s (a int); insert into s values (1)');
    const select = 'select * from s where a = $1';
    await query(select, [1], prepared);
    await query(select, [1], prepared);
    await pg.exec('alter table s add column b int default 7');
    await expect(query(select, [1], prepared)).rejects.toMatchObject({ code: '0A000' });
    expect((await query(select, [1], prepared)).rows).toEqual([[1, 7]]);
  });

  it('waits for an open transaction instead of running inside it, like PGlite', async () => {
    const prepared: QueryOptions = {};
    const count = 'select count(*)::int as n from t where id >= $1';
    await query(count, [100], prepared);
    let release = () => {};
    const rolledBack = pg
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (100)');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const counted = query(count, [100], prepared);
    release();
    expect(await rolledBack).toBe('rolled back');
    // Run inside the transaction it would have seen the row the rollback removed.
    expect((await counted).rows).toEqual([{ n: 0 }]);
  });
});
