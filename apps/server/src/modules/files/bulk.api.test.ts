import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile, insertFolder } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { files, folders } from '../../db/schema/index';

describe('bulk move and delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (u: TestUser, what: 'move' | 'delete', payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/files/bulk/${what}`, headers: u.headers, payload });
  const fileRows = (ids: string[]) => db().select().from(files).where(inArray(files.id, ids));
  const folderRows = (ids: string[]) => db().select().from(folders).where(inArray(folders.id, ids));

  async function tree(u: TestUser) {
    const target = await insertFolder(db(), { ownerId: u.user.id, name: 'Target' });
    const a = await insertFolder(db(), { ownerId: u.user.id, name: 'A' });
    const aSub = await insertFolder(db(), { ownerId: u.user.id, name: 'Sub', parentId: a.id });
    const f1 = await insertFile(db(), { ownerId: u.user.id, name: '1.txt' });
    const f2 = await insertFile(db(), { ownerId: u.user.id, name: '2.txt', folderId: a.id });
    const inSub = await insertFile(db(), { ownerId: u.user.id, name: 'sub.txt', folderId: aSub.id });
    return { target, a, aSub, f1, f2, inSub };
  }

  describe('POST /api/files/bulk/move', () => {
    it('moves files and folders into a folder, and back to the root', async () => {
      const u = await createTestUser(t.app);
      const { target, a, f1, f2 } = await tree(u);
      const res = await post(u, 'move', {
        fileIds: [f1.id, f2.id, f1.id],
        folderIds: [a.id],
        targetFolderId: target.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, files: 2, folders: 1 });
      expect((await fileRows([f1.id, f2.id])).map((r) => r.folderId)).toEqual([target.id, target.id]);
      expect((await folderRows([a.id]))[0]?.parentId).toBe(target.id);

      const back = await post(u, 'move', { fileIds: [f1.id], targetFolderId: null });
      expect(back.json()).toEqual({ success: true, files: 1, folders: 0 });
      expect((await fileRows([f1.id]))[0]?.folderId).toBeNull();
    });

    it("changes nothing when any id is another user's, unknown or binned (404)", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const { target, a, f1, f2 } = await tree(u);
      const theirFile = await insertFile(db(), { ownerId: other.user.id, name: 'theirs' });
      const theirFolder = await insertFolder(db(), { ownerId: other.user.id, name: 'theirs' });
      const binned = await insertFile(db(), { ownerId: u.user.id, name: 'b', deletedAt: new Date() });
      const attempts = [
        { fileIds: [f1.id, theirFile.id], folderIds: [a.id], targetFolderId: target.id },
        { fileIds: [f1.id], folderIds: [a.id, theirFolder.id], targetFolderId: target.id },
        { fileIds: [f1.id, binned.id], targetFolderId: target.id },
        { fileIds: [f1.id, crypto.randomUUID()], targetFolderId: target.id },
        { fileIds: [f1.id, f2.id], folderIds: [a.id], targetFolderId: theirFolder.id },
      ];
      for (const payload of attempts) {
        const res = await post(u, 'move', payload);
        expect(res.statusCode).toBe(404);
      }
      expect((await fileRows([f1.id, f2.id])).map((r) => r.folderId).sort()).toEqual([a.id, null].sort());
      expect((await folderRows([a.id]))[0]?.parentId).toBeNull();
      expect((await fileRows([theirFile.id]))[0]?.folderId).toBeNull();
    });

    it('refuses a folder moved below itself (400) and a name clash at the target (409), moving nothing', async () => {
      const u = await createTestUser(t.app);
      const { target, a, aSub, f1 } = await tree(u);
      const cycle = await post(u, 'move', { fileIds: [f1.id], folderIds: [a.id], targetFolderId: aSub.id });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().error.code).toBe('FOLDER_CYCLE');

      await insertFolder(db(), { ownerId: u.user.id, name: 'A', parentId: target.id });
      const clash = await post(u, 'move', { fileIds: [f1.id], folderIds: [a.id], targetFolderId: target.id });
      expect(clash.statusCode).toBe(409);
      expect((await fileRows([f1.id]))[0]?.folderId).toBeNull();
      expect((await folderRows([a.id]))[0]?.parentId).toBeNull();
    });

    it.each([
      [{ fileIds: ['x'], targetFolderId: null }],
      [{ fileIds: [] }],
      [{ fileIds: Array.from({ length: 1001 }, () => crypto.randomUUID()), targetFolderId: null }],
    ])('validates the body (%#)', async (payload) => {
      const u = await createTestUser(t.app);
      expect((await post(u, 'move', payload)).statusCode).toBe(400);
    });
  });

  describe('POST /api/files/bulk/delete', () => {
    it('bins each chosen item on its own, a folder with everything in it', async () => {
      const u = await createTestUser(t.app);
      const { target, a, aSub, f1, f2, inSub } = await tree(u);
      const res = await post(u, 'delete', { fileIds: [f1.id, f2.id], folderIds: [a.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, files: 2, folders: 1 });

      const [ra, rSub] = await folderRows([a.id, aSub.id]).then((rows) =>
        [a.id, aSub.id].map((id) => rows.find((r) => r.id === id)),
      );
      expect(ra?.deleteBatch).toBeTruthy();
      expect(rSub?.deleteBatch).toBe(ra?.deleteBatch);
      const fr = await fileRows([f1.id, f2.id, inSub.id]);
      const batch = (id: string) => fr.find((r) => r.id === id)?.deleteBatch;
      // f2 was inside A: it went with A's batch. f1 was chosen alone: a batch of its own.
      expect(batch(f2.id)).toBe(ra?.deleteBatch);
      expect(batch(inSub.id)).toBe(ra?.deleteBatch);
      expect(batch(f1.id)).toBeTruthy();
      expect(batch(f1.id)).not.toBe(ra?.deleteBatch);
      expect((await folderRows([target.id]))[0]?.deletedAt).toBeNull();
    });

    it("deletes nothing when any id is not the caller's (404)", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const { a, f1 } = await tree(u);
      const theirs = await insertFile(db(), { ownerId: other.user.id, name: 'theirs' });
      const res = await post(u, 'delete', { fileIds: [f1.id, theirs.id], folderIds: [a.id] });
      expect(res.statusCode).toBe(404);
      expect((await fileRows([f1.id, theirs.id])).every((r) => r.deletedAt === null)).toBe(true);
      expect((await folderRows([a.id]))[0]?.deletedAt).toBeNull();
    });
  });
});
