import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFiles, insertFolder } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { FileTagsService } from './file-tags.service';

/** The Files page's tags: every listed file carries its tags, and the listing filters by one. */
describe('file tags in the listing', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};
  const list = async (query = '', who: TestUser = alice) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      files: Array<{ id: string; name: string; tags: string[] }>;
      totalFiles: number;
      folders: unknown[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t.app);
    bob = await createTestUser(t.app);
    const db = t.app.ctx.database.db;
    const sub = await insertFolder(db, { ownerId: alice.user.id, name: 'Sub' });
    const rows = await insertFiles(db, [
      { ownerId: alice.user.id, name: 'a.txt' },
      { ownerId: alice.user.id, name: 'b.txt' },
      { ownerId: alice.user.id, name: 'c.txt' },
      { ownerId: alice.user.id, name: 'd.txt', folderId: sub.id },
      { ownerId: alice.user.id, name: 'binned.txt', deletedAt: new Date() },
      { ownerId: bob.user.id, name: 'bob.txt' },
    ]);
    for (const r of rows) ids[r.name] = r.id;
    // As the assistant's tag action and the workflows' tag step write them.
    const tags = new FileTagsService(db);
    await tags.add(alice.user.id, [ids['a.txt'] as string], ['work', 'q3']);
    await tags.add(alice.user.id, [ids['b.txt'] as string, ids['d.txt'] as string], ['work']);
    await tags.add(bob.user.id, [ids['bob.txt'] as string], ['work', 'secret']);
    await t.app.ctx.database.db.execute(
      // A binned file keeps its tags but is counted nowhere.
      sql`insert into file_tags (file_id, owner_id, tag) values (${ids['binned.txt']}, ${alice.user.id}, 'work')`,
    );
  });
  afterAll(async () => t?.close());

  it('every file of a page carries its tags in name order (none: an empty list)', async () => {
    const page = await list();
    expect(page.files.map((f) => [f.name, f.tags])).toEqual([
      ['a.txt', ['q3', 'work']],
      ['b.txt', ['work']],
      ['c.txt', []],
    ]);
    // The same from the prepared statements of a sort in either direction and a deeper bucket.
    const desc = await list('?sort=size&direction=desc&limit=200&offset=0');
    expect(Object.fromEntries(desc.files.map((f) => [f.name, f.tags]))).toEqual({
      'a.txt': ['q3', 'work'],
      'b.txt': ['work'],
      'c.txt': [],
    });
  });

  it('filters a folder by tag (case-insensitive), with the right total, alone or with a search', async () => {
    const work = await list('?tag=work');
    expect(work.files.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    expect(work.totalFiles).toBe(2);
    expect((await list('?tag=WORK')).files.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    expect((await list('?tag=q3&search=a')).files.map((f) => f.name)).toEqual(['a.txt']);
    expect((await list('?tag=q3&search=b')).files).toEqual([]);
    const paged = await list('?tag=work&limit=1');
    expect(paged.files.map((f) => f.name)).toEqual(['a.txt']);
    expect(paged.totalFiles).toBe(2);
    const second = await list('?tag=work&limit=1&offset=1');
    expect(second.files.map((f) => f.name)).toEqual(['b.txt']);
    const none = await list('?tag=nothing');
    expect(none).toMatchObject({ files: [], totalFiles: 0 });
    // Another user's tag finds none of alice's files.
    expect((await list('?tag=secret')).files).toEqual([]);
  });

  it('refuses a malformed tag with a 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files?tag=${encodeURIComponent('bad/tag')}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it('lists the user’s own tags with their live files, for the filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/tags', headers: alice.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tags).toEqual([
      { tag: 'q3', files: 1 },
      { tag: 'work', files: 3 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/tags' })).statusCode).toBe(401);
  });
});
