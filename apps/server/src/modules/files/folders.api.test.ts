import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile, insertFolder } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { files, folders } from '../../db/schema/index';

describe('folders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const create = (u: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/folders', headers: u.headers, payload });
  const patch = (u: TestUser, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/folders/${id}`, headers: u.headers, payload });
  const del = (u: TestUser, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/folders/${id}`, headers: u.headers });
  const subfolders = async (u: TestUser, folderId?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/files',
      headers: u.headers,
      query: folderId ? { folderId } : {},
    });
    return res.json().folders.map((f: { name: string }) => f.name);
  };

  describe('POST /api/folders', () => {
    it('creates folders at the root and inside another', async () => {
      const u = await createTestUser(t.app);
      const res = await create(u, { name: ' Projects ' });
      expect(res.statusCode).toBe(201);
      const folder = res.json().folder;
      expect(folder).toMatchObject({ name: 'Projects', parentId: null });
      expect(new Date(folder.createdAt).toISOString()).toBe(folder.createdAt);

      const sub = await create(u, { name: 'Stratos', parentId: folder.id });
      expect(sub.statusCode).toBe(201);
      expect(sub.json().folder).toMatchObject({ name: 'Stratos', parentId: folder.id });
      expect(await subfolders(u, folder.id)).toEqual(['Stratos']);
    });

    it('refuses a second live folder of the same name in the same parent with 409', async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const first = (await create(u, { name: 'Photos' })).json().folder;
      const dup = await create(u, { name: 'Photos' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({
        success: false,
        error: { code: 'FOLDER_EXISTS', message: 'A folder with this name already exists' },
      });
      // Elsewhere, for someone else, or once the first is in the recycle bin: fine.
      expect((await create(u, { name: 'Photos', parentId: first.id })).statusCode).toBe(201);
      expect((await create(other, { name: 'Photos' })).statusCode).toBe(201);
      expect((await del(u, first.id)).statusCode).toBe(200);
      expect((await create(u, { name: 'Photos' })).statusCode).toBe(201);
    });

    it("answers 404 for a parent that is another user's, binned or unknown", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const theirs = await insertFolder(db(), { ownerId: other.user.id, name: 'T' });
      const binned = await insertFolder(db(), { ownerId: u.user.id, name: 'B', deletedAt: new Date() });
      for (const parentId of [theirs.id, binned.id, crypto.randomUUID()]) {
        const res = await create(u, { name: 'x', parentId });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe('Folder not found');
      }
      expect(await subfolders(other, theirs.id)).toEqual([]);
    });

    it.each([
      [{}],
      [{ name: '' }],
      [{ name: 'a/b' }],
      [{ name: 'a\\b' }],
      [{ name: 'tab\there' }],
      [{ name: '.' }],
    ])('refuses %o with 400', async (payload) => {
      const u = await createTestUser(t.app);
      expect((await create(u, payload)).statusCode).toBe(400);
    });

    it('needs storage:write', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/folders', payload: { name: 'x' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PATCH /api/folders/:id', () => {
    it('renames and moves, keeping names unique among siblings', async () => {
      const u = await createTestUser(t.app);
      const a = await insertFolder(db(), { ownerId: u.user.id, name: 'A' });
      const b = await insertFolder(db(), { ownerId: u.user.id, name: 'B' });
      const c = await insertFolder(db(), { ownerId: u.user.id, name: 'C', parentId: a.id });

      const renamed = await patch(u, b.id, { name: 'Beta' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().folder).toMatchObject({ id: b.id, name: 'Beta', parentId: null });

      const taken = await patch(u, b.id, { name: 'A' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe('A folder with this name already exists');

      const moved = await patch(u, c.id, { parentId: b.id });
      expect(moved.json().folder).toMatchObject({ id: c.id, parentId: b.id });
      expect(await subfolders(u, b.id)).toEqual(['C']);
      expect(await subfolders(u, a.id)).toEqual([]);

      const toRoot = await patch(u, c.id, { parentId: null, name: 'Top' });
      expect(toRoot.json().folder).toMatchObject({ name: 'Top', parentId: null });
      expect(await subfolders(u)).toEqual(['A', 'Beta', 'Top']);

      // Moving next to a folder of the same name is a clash too.
      await insertFolder(db(), { ownerId: u.user.id, name: 'Top', parentId: a.id });
      expect((await patch(u, c.id, { parentId: a.id })).statusCode).toBe(409);
    });

    it('refuses to move a folder into itself or any folder below it', async () => {
      const u = await createTestUser(t.app);
      const a = await insertFolder(db(), { ownerId: u.user.id, name: 'A' });
      const b = await insertFolder(db(), { ownerId: u.user.id, name: 'B', parentId: a.id });
      const c = await insertFolder(db(), { ownerId: u.user.id, name: 'C', parentId: b.id });
      for (const target of [a.id, b.id, c.id]) {
        const res = await patch(u, a.id, { parentId: target });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({
          code: 'FOLDER_CYCLE',
          message: 'A folder cannot be moved into itself or one of its subfolders',
        });
      }
      const [row] = await db().select().from(folders).where(eq(folders.id, a.id));
      expect(row?.parentId).toBeNull();
      // Sideways and upwards are fine.
      expect((await patch(u, c.id, { parentId: a.id })).statusCode).toBe(200);
    });

    it('lets only one of two crossing moves through, so no cycle forms', async () => {
      const u = await createTestUser(t.app);
      for (let round = 0; round < 3; round++) {
        const a = await insertFolder(db(), { ownerId: u.user.id, name: `A${round}` });
        const b = await insertFolder(db(), { ownerId: u.user.id, name: `B${round}` });
        const [ab, ba] = await Promise.all([
          patch(u, a.id, { parentId: b.id }),
          patch(u, b.id, { parentId: a.id }),
        ]);
        expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 400]);
        const rows = await db()
          .select()
          .from(folders)
          .where(inArray(folders.id, [a.id, b.id]));
        expect(rows.filter((r) => r.parentId !== null)).toHaveLength(1);
      }
    });

    it("answers 404 for another user's folder, as the folder or as the target", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const mine = await insertFolder(db(), { ownerId: u.user.id, name: 'Mine' });
      const theirs = await insertFolder(db(), { ownerId: other.user.id, name: 'Theirs' });
      expect((await patch(u, theirs.id, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await patch(u, theirs.id, { parentId: null })).statusCode).toBe(404);
      expect((await patch(u, mine.id, { parentId: theirs.id })).statusCode).toBe(404);
      const [row] = await db().select().from(folders).where(eq(folders.id, theirs.id));
      expect(row?.name).toBe('Theirs');
    });
  });

  describe('DELETE /api/folders/:id', () => {
    it('bins the folder, its subfolders and their files under one batch', async () => {
      const u = await createTestUser(t.app);
      const a = await insertFolder(db(), { ownerId: u.user.id, name: 'A' });
      const b = await insertFolder(db(), { ownerId: u.user.id, name: 'B', parentId: a.id });
      const c = await insertFolder(db(), { ownerId: u.user.id, name: 'C', parentId: b.id });
      const keep = await insertFolder(db(), { ownerId: u.user.id, name: 'Keep' });
      const inA = await insertFile(db(), { ownerId: u.user.id, name: 'a.txt', folderId: a.id });
      const inC = await insertFile(db(), { ownerId: u.user.id, name: 'c.txt', folderId: c.id });
      const earlier = await insertFile(db(), {
        ownerId: u.user.id,
        name: 'earlier.txt',
        folderId: b.id,
        deletedAt: new Date(Date.now() - 60_000),
        deleteBatch: crypto.randomUUID(),
      });
      const outside = await insertFile(db(), { ownerId: u.user.id, name: 'keep.txt', folderId: keep.id });

      const res = await del(u, a.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      const fRows = await db()
        .select()
        .from(folders)
        .where(inArray(folders.id, [a.id, b.id, c.id, keep.id]));
      const batch = fRows.find((r) => r.id === a.id)?.deleteBatch;
      expect(batch).toBeTruthy();
      for (const r of fRows) {
        if (r.id === keep.id) expect(r.deletedAt).toBeNull();
        else expect(r).toMatchObject({ deleteBatch: batch, deletedAt: expect.any(Date) });
      }
      const fileRows = await db()
        .select()
        .from(files)
        .where(inArray(files.id, [inA.id, inC.id, earlier.id, outside.id]));
      const byId = Object.fromEntries(fileRows.map((r) => [r.id, r]));
      expect(byId[inA.id]?.deleteBatch).toBe(batch);
      expect(byId[inC.id]?.deleteBatch).toBe(batch);
      // Already in the bin on its own: keeps its own batch.
      expect(byId[earlier.id]?.deleteBatch).toBe(earlier.deleteBatch);
      expect(byId[outside.id]?.deletedAt).toBeNull();

      expect(await subfolders(u)).toEqual(['Keep']);
      const gone = await t.app.inject({
        method: 'GET',
        url: '/api/files',
        headers: u.headers,
        query: { folderId: b.id },
      });
      expect(gone.statusCode).toBe(404);
      expect((await del(u, a.id)).statusCode).toBe(404);
    });

    it("answers 404 for another user's folder and leaves it alone", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const theirs = await insertFolder(db(), { ownerId: other.user.id, name: 'Theirs' });
      expect((await del(u, theirs.id)).statusCode).toBe(404);
      expect(await subfolders(other)).toEqual(['Theirs']);
    });
  });
});
