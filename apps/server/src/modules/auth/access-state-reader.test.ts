import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { UsersRepository } from '../users/users.repository';
import { type AccessStateSource, batchedAccessStateLoader } from './access-state-reader';

/** A source that records each query it is asked, and can fail a batch. */
function recordingSource(rows: Map<string, { tokenVersion: number; status: string }>) {
  const queries: string[][] = [];
  let failBatches = false;
  const source: AccessStateSource = {
    accessState: async (id) => {
      queries.push([id]);
      return rows.get(id);
    },
    accessStates: async (ids) => {
      queries.push([...ids]);
      if (failBatches) throw new Error('batch failed');
      return ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [{ id, ...row }] : [];
      });
    },
  };
  return {
    source,
    queries,
    failBatches: () => {
      failBatches = true;
    },
  };
}

describe('batchedAccessStateLoader', () => {
  const rows = new Map([
    ['a', { tokenVersion: 1, status: 'active' }],
    ['b', { tokenVersion: 4, status: 'disabled' }],
    ['c', { tokenVersion: 2, status: 'active' }],
  ]);

  it('reads the accounts asked for in one turn in one query, each caller getting its own', async () => {
    const s = recordingSource(rows);
    const load = batchedAccessStateLoader(s.source);
    const states = await Promise.all(['a', 'b', 'ghost', 'c'].map((id) => load(id)));
    expect(states).toEqual([
      { tokenVersion: 1, active: true },
      { tokenVersion: 4, active: false },
      null,
      { tokenVersion: 2, active: true },
    ]);
    expect(s.queries).toEqual([['a', 'b', 'ghost', 'c']]);
  });

  it('reads an account alone with the single-account query, and those due meanwhile together', async () => {
    const s = recordingSource(rows);
    const load = batchedAccessStateLoader(s.source);
    const first = load('a');
    await new Promise((resolve) => setImmediate(resolve));
    const later = [load('b'), load('c')];
    await Promise.all([first, ...later]);
    expect(s.queries).toEqual([['a'], ['b', 'c']]);
  });

  it('splits a large turn into batches of at most maxBatch', async () => {
    const s = recordingSource(rows);
    const load = batchedAccessStateLoader(s.source, 2);
    await Promise.all(['a', 'b', 'c', 'a', 'b'].map((id) => load(id)));
    expect(s.queries.map((q) => q.length)).toEqual([2, 2, 1]);
  });

  it('reads each account on its own when a batch fails', async () => {
    const s = recordingSource(rows);
    s.failBatches();
    const load = batchedAccessStateLoader(s.source);
    const states = await Promise.all(['a', 'c'].map((id) => load(id)));
    expect(states).toEqual([
      { tokenVersion: 1, active: true },
      { tokenVersion: 2, active: true },
    ]);
    expect(s.queries).toEqual([['a', 'c'], ['a'], ['c']]);
  });
});

describe('UsersRepository access states', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let repo: UsersRepository;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    repo = new UsersRepository(database.db);
  });
  afterAll(() => dispose());

  const newUser = (status: 'active' | 'disabled') =>
    repo.insert({
      email: `access-${randomUUID().slice(0, 8)}@example.test`,
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status,
    });

  it('reads many accounts in one query, leaving out those that do not exist', async () => {
    const active = await newUser('active');
    const disabled = await newUser('disabled');
    const rows = await repo.accessStates([active.id, randomUUID(), disabled.id]);
    expect(rows.sort((x, y) => x.status.localeCompare(y.status))).toEqual([
      { id: active.id, tokenVersion: active.tokenVersion, status: 'active' },
      { id: disabled.id, tokenVersion: disabled.tokenVersion, status: 'disabled' },
    ]);
    expect(await repo.accessStates([])).toEqual([]);
  });

  it('gives the loader the same states as the single-account read', async () => {
    const users = await Promise.all([newUser('active'), newUser('disabled'), newUser('active')]);
    const load = batchedAccessStateLoader(repo);
    const ids = [...users.map((u) => u.id), randomUUID()];
    const batched = await Promise.all(ids.map((id) => load(id)));
    const alone = await Promise.all(
      ids.map(async (id) => {
        const row = await repo.accessState(id);
        return row ? { tokenVersion: row.tokenVersion, active: row.status === 'active' } : null;
      }),
    );
    expect(batched).toEqual(alone);
    expect(batched[3]).toBeNull();
    expect(batched[1]).toEqual({ tokenVersion: users[1]?.tokenVersion, active: false });
  });
});
