import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile, insertFolder, storeFile } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser, tokenFor } from '../../../test/users.fixture';
import { appSettings, blobs, files, folders, storageAccounts, storageEvents } from '../../db/schema/index';
import { PURGE_EXPIRED_JOB } from './recycle-bin.job';

const DAY = 24 * 60 * 60 * 1000;

describe('recycle bin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const call = (u: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.headers, payload });
  const bin = async (u: TestUser) => {
    const res = await call(u, 'GET', '/api/recycle-bin');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const listing = async (u: TestUser, folderId?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/files',
        headers: u.headers,
        query: folderId ? { folderId } : {},
      })
    ).json();
  /** Moves the test clock, and gives `u` a token that is valid at the new time. */
  const advance = async (u: TestUser, ms: number) => {
    t.clock.advance(ms);
    u.headers.authorization = `Bearer ${await tokenFor(t.app, u.user)}`;
  };
  const account = async (userId: string) =>
    (await db().select().from(storageAccounts).where(eq(storageAccounts.userId, userId)))[0];

  it('lists files deleted alone and deleted folders (with their total size), not what was inside', async () => {
    const u = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const docs = await insertFolder(db(), { ownerId: u.user.id, name: 'Docs' });
    const old = await insertFolder(db(), { ownerId: u.user.id, name: 'Old', parentId: docs.id });
    await insertFile(db(), { ownerId: u.user.id, name: 'a.pdf', folderId: old.id, size: 1000 });
    await insertFile(db(), { ownerId: u.user.id, name: 'b.pdf', folderId: old.id, size: 234 });
    const loose = await insertFile(db(), {
      ownerId: u.user.id,
      name: 'note.txt',
      folderId: docs.id,
      size: 7,
      mimeType: 'text/plain',
    });
    await insertFile(db(), { ownerId: other.user.id, name: 'theirs.txt' });

    expect((await call(u, 'DELETE', `/api/files/${loose.id}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await call(u, 'DELETE', `/api/folders/${old.id}`)).statusCode).toBe(200);

    const body = await bin(u);
    expect(body.retentionDays).toBe(30);
    expect(body.items).toHaveLength(2);
    const [folderItem, fileItem] = body.items;
    expect(folderItem).toMatchObject({
      id: old.id,
      kind: 'folder',
      name: 'Old',
      size: 1234,
      type: null,
      originalPath: '/My Files/Docs',
    });
    expect(fileItem).toMatchObject({
      id: loose.id,
      kind: 'file',
      name: 'note.txt',
      size: 7,
      type: 'text/plain',
      originalPath: '/My Files/Docs',
    });
    for (const item of body.items) {
      expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * DAY);
    }
    expect(Date.parse(folderItem.deletedAt)).toBeGreaterThan(Date.parse(fileItem.deletedAt));
    expect(body.total).toBe(2);
    expect((await bin(other)).items).toEqual([]);
  });

  it('honours a capped limit and an offset, newest first, with the total', async () => {
    const u = await createTestUser(t.app);
    const names: string[] = [];
    for (let n = 0; n < 5; n++) {
      const f = await insertFile(db(), { ownerId: u.user.id, name: `f${n}.txt` });
      expect((await call(u, 'DELETE', `/api/files/${f.id}`)).statusCode).toBe(200);
      names.unshift(`f${n}.txt`);
      t.clock.advance(1000);
    }
    const page = async (query: string) => (await call(u, 'GET', `/api/recycle-bin?${query}`)).json();
    const first = await page('limit=2');
    expect(first.items.map((i: { name: string }) => i.name)).toEqual(names.slice(0, 2));
    expect(first.total).toBe(5);
    const rest = await page('limit=2&offset=2');
    expect(rest.items.map((i: { name: string }) => i.name)).toEqual(names.slice(2, 4));
    expect((await page('limit=2&offset=10')).items).toEqual([]);
    expect((await page('limit=2&offset=10')).total).toBe(5);
    for (const bad of ['limit=0', 'limit=501', 'limit=x', 'offset=-1']) {
      const res = await call(u, 'GET', `/api/recycle-bin?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await call(u, 'GET', '/api/recycle-bin?limit=500')).statusCode).toBe(200);
  });

  it('restores a folder with its subfolders and files, and a file deleted alone separately', async () => {
    const u = await createTestUser(t.app);
    const a = await insertFolder(db(), { ownerId: u.user.id, name: 'A' });
    const b = await insertFolder(db(), { ownerId: u.user.id, name: 'B', parentId: a.id });
    const inA = await insertFile(db(), { ownerId: u.user.id, name: 'in-a.txt', folderId: a.id });
    const inB = await insertFile(db(), { ownerId: u.user.id, name: 'in-b.txt', folderId: b.id });
    const alone = await insertFile(db(), { ownerId: u.user.id, name: 'alone.txt', folderId: b.id });
    await call(u, 'DELETE', `/api/files/${alone.id}`);
    await call(u, 'DELETE', `/api/folders/${a.id}`);
    expect((await bin(u)).items.map((i: { name: string }) => i.name)).toEqual(['A', 'alone.txt']);

    const res = await call(u, 'POST', '/api/recycle-bin/restore', { items: [{ id: a.id, kind: 'folder' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, files: 2, folders: 2 });
    expect((await listing(u)).folders.map((f: { name: string }) => f.name)).toEqual(['A']);
    expect((await listing(u, a.id)).files.map((f: { id: string }) => f.id)).toEqual([inA.id]);
    expect((await listing(u, b.id)).files.map((f: { id: string }) => f.id)).toEqual([inB.id]);
    expect((await bin(u)).items.map((i: { name: string }) => i.name)).toEqual(['alone.txt']);

    const again = await call(u, 'POST', '/api/recycle-bin/restore', {
      items: [{ id: alone.id, kind: 'file' }],
    });
    expect(again.json()).toEqual({ success: true, files: 1, folders: 0 });
    expect((await listing(u, b.id)).totalFiles).toBe(2);
    const rows = await db()
      .select()
      .from(files)
      .where(inArray(files.id, [inA.id, inB.id, alone.id]));
    expect(rows.every((r) => r.deletedAt === null && r.deleteBatch === null)).toBe(true);
  });

  it('restores to the root when the old parent is gone, renaming on a clash', async () => {
    const u = await createTestUser(t.app);
    const parent = await insertFolder(db(), { ownerId: u.user.id, name: 'Parent' });
    const child = await insertFolder(db(), { ownerId: u.user.id, name: 'Reports', parentId: parent.id });
    const file = await insertFile(db(), { ownerId: u.user.id, name: 'f.txt', folderId: parent.id });
    await call(u, 'DELETE', `/api/folders/${child.id}`);
    await call(u, 'DELETE', `/api/files/${file.id}`);
    await call(u, 'DELETE', `/api/folders/${parent.id}`);
    // A new live "Reports" at the root takes the name.
    await call(u, 'POST', '/api/folders', { name: 'Reports' });

    const res = await call(u, 'POST', '/api/recycle-bin/restore', {
      items: [
        { id: child.id, kind: 'folder' },
        { id: file.id, kind: 'file' },
      ],
    });
    expect(res.json()).toEqual({ success: true, files: 1, folders: 1 });
    const root = await listing(u);
    expect(root.folders.map((f: { name: string; parentId: string | null }) => [f.name, f.parentId])).toEqual([
      ['Reports', null],
      ['Reports (restored)', null],
    ]);
    expect(root.files.map((f: { id: string }) => f.id)).toEqual([file.id]);

    // And once more: ' (restored 2)'.
    const again = await insertFolder(db(), {
      ownerId: u.user.id,
      name: 'Reports',
      deletedAt: new Date(),
      deleteBatch: crypto.randomUUID(),
    });
    await call(u, 'POST', '/api/recycle-bin/restore', { items: [{ id: again.id, kind: 'folder' }] });
    expect((await listing(u)).folders.map((f: { name: string }) => f.name)).toEqual([
      'Reports',
      'Reports (restored 2)',
      'Reports (restored)',
    ]);
  });

  it("answers 404 and changes nothing for another user's item, a live item or an unknown id", async () => {
    const u = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const mine = await insertFile(db(), { ownerId: u.user.id, name: 'mine' });
    const live = await insertFile(db(), { ownerId: u.user.id, name: 'live' });
    const theirs = await insertFile(db(), { ownerId: other.user.id, name: 'theirs' });
    await call(u, 'DELETE', `/api/files/${mine.id}`);
    await call(other, 'DELETE', `/api/files/${theirs.id}`);
    for (const path of ['restore', 'purge']) {
      for (const item of [
        { id: theirs.id, kind: 'file' },
        { id: live.id, kind: 'file' },
        { id: mine.id, kind: 'folder' },
        { id: crypto.randomUUID(), kind: 'file' },
      ]) {
        const res = await call(u, 'POST', `/api/recycle-bin/${path}`, {
          items: [{ id: mine.id, kind: 'file' }, item],
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe('Item not found in the recycle bin');
      }
    }
    expect((await bin(u)).items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    expect((await bin(other)).items.map((i: { id: string }) => i.id)).toEqual([theirs.id]);
    expect((await call(u, 'POST', '/api/recycle-bin/restore', { items: [] })).statusCode).toBe(400);
  });

  it('purges: releases blob references, deletes bytes whose last reference went, lowers the quota', async () => {
    const u = await createTestUser(t.app);
    const folder = await insertFolder(db(), { ownerId: u.user.id, name: 'F' });
    const shared1 = await storeFile(t.app, { ownerId: u.user.id, name: 'copy1.bin', data: 'same bytes' });
    const shared2 = await storeFile(t.app, {
      ownerId: u.user.id,
      name: 'copy2.bin',
      data: 'same bytes',
      folderId: folder.id,
    });
    const unique = await storeFile(t.app, { ownerId: u.user.id, name: 'unique.bin', data: 'unique bytes!' });
    expect(shared2.blobId).toBe(shared1.blobId);
    const [sharedBlob] = await db().select().from(blobs).where(eq(blobs.id, shared1.blobId));
    const [uniqueBlob] = await db().select().from(blobs).where(eq(blobs.id, unique.blobId));
    if (!sharedBlob || !uniqueBlob) throw new Error('fixture');
    expect(sharedBlob.refCount).toBe(2);
    expect(await account(u.user.id)).toMatchObject({ usedBytes: 10 + 10 + 13, fileCount: 3 });

    await call(u, 'DELETE', `/api/files/${shared1.id}`);
    await call(u, 'DELETE', `/api/files/${unique.id}`);
    // In the bin, files still count against the quota.
    expect(await account(u.user.id)).toMatchObject({ usedBytes: 33, fileCount: 3 });

    const res = await call(u, 'POST', '/api/recycle-bin/purge', {
      items: [
        { id: shared1.id, kind: 'file' },
        { id: unique.id, kind: 'file' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, files: 2, folders: 0 });
    expect(
      await db()
        .select()
        .from(files)
        .where(inArray(files.id, [shared1.id, unique.id])),
    ).toEqual([]);
    expect((await db().select().from(blobs).where(eq(blobs.id, sharedBlob.id)))[0]?.refCount).toBe(1);
    expect(await db().select().from(blobs).where(eq(blobs.id, uniqueBlob.id))).toEqual([]);
    expect(await t.app.ctx.storage.stat(sharedBlob.storageKey)).toEqual({ size: 10 });
    expect(await t.app.ctx.storage.stat(uniqueBlob.storageKey)).toBeNull();
    expect(await account(u.user.id)).toMatchObject({ usedBytes: 10, fileCount: 1 });
    const events = await db().select().from(storageEvents).where(eq(storageEvents.userId, u.user.id));
    expect(events.filter((e) => e.reason === 'purge').map((e) => [e.deltaBytes, e.deltaFiles])).toEqual([
      [-23, -2],
    ]);

    // The last copy: through a folder delete and "empty".
    await call(u, 'DELETE', `/api/folders/${folder.id}`);
    const emptied = await call(u, 'POST', '/api/recycle-bin/empty');
    expect(emptied.json()).toEqual({ success: true, files: 1, folders: 1 });
    expect(await db().select().from(blobs).where(eq(blobs.id, sharedBlob.id))).toEqual([]);
    expect(await t.app.ctx.storage.stat(sharedBlob.storageKey)).toBeNull();
    expect(await db().select().from(folders).where(eq(folders.id, folder.id))).toEqual([]);
    expect(await account(u.user.id)).toMatchObject({ usedBytes: 0, fileCount: 0 });
    expect((await bin(u)).items).toEqual([]);
  });

  it(`purges what is older than the retention in the ${PURGE_EXPIRED_JOB} job`, async () => {
    const u = await createTestUser(t.app);
    const old = await storeFile(t.app, { ownerId: u.user.id, name: 'old.bin', data: 'old bytes' });
    const recent = await storeFile(t.app, { ownerId: u.user.id, name: 'recent.bin', data: 'recent bytes' });
    const folder = await insertFolder(db(), { ownerId: u.user.id, name: 'Empty' });
    await call(u, 'DELETE', `/api/files/${old.id}`);
    await call(u, 'DELETE', `/api/folders/${folder.id}`);
    await advance(u, 20 * DAY);
    await call(u, 'DELETE', `/api/files/${recent.id}`);

    await advance(u, 9 * DAY);
    expect(await t.app.ctx.jobs.runNow(PURGE_EXPIRED_JOB)).toBe(true);
    expect((await bin(u)).items).toHaveLength(3);

    await advance(u, 2 * DAY);
    await t.app.ctx.jobs.runNow(PURGE_EXPIRED_JOB);
    expect((await bin(u)).items.map((i: { id: string }) => i.id)).toEqual([recent.id]);
    expect(await account(u.user.id)).toMatchObject({ usedBytes: 12, fileCount: 1 });
    expect(await db().select().from(folders).where(eq(folders.id, folder.id))).toEqual([]);

    // The retention is a setting.
    await db().update(appSettings).set({ value: 7 }).where(eq(appSettings.key, 'recycleRetentionDays'));
    expect((await bin(u)).retentionDays).toBe(7);
    await advance(u, 8 * DAY);
    await t.app.ctx.jobs.runNow(PURGE_EXPIRED_JOB);
    expect((await bin(u)).items).toEqual([]);
    expect(await account(u.user.id)).toMatchObject({ usedBytes: 0, fileCount: 0 });
    await db().update(appSettings).set({ value: 30 }).where(eq(appSettings.key, 'recycleRetentionDays'));
  });
});
