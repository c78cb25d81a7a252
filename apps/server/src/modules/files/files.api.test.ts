import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile, insertFiles, insertFolder } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { files } from '../../db/schema/index';

describe('files: list, rename, move, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const list = (u: TestUser, query: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/files',
      headers: u.headers,
      query: query as Record<string, string>,
    });
  const names = (res: { json(): { files: { name: string }[] } }) => res.json().files.map((f) => f.name);

  describe('GET /api/files', () => {
    it('lists the live files of one folder with its subfolders and breadcrumb', async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const docs = await insertFolder(db(), { ownerId: u.user.id, name: 'Docs' });
      const old = await insertFolder(db(), { ownerId: u.user.id, name: 'Old', parentId: docs.id });
      await insertFolder(db(), { ownerId: u.user.id, name: 'archive', parentId: docs.id });
      await insertFolder(db(), {
        ownerId: u.user.id,
        name: 'Binned',
        parentId: docs.id,
        deletedAt: new Date(),
      });
      const [inDocs] = await insertFiles(db(), [
        {
          ownerId: u.user.id,
          name: 'report.pdf',
          folderId: docs.id,
          size: 1234,
          mimeType: 'application/pdf',
        },
        { ownerId: u.user.id, name: 'gone.pdf', folderId: docs.id, deletedAt: new Date() },
        { ownerId: u.user.id, name: 'root.txt' },
        { ownerId: u.user.id, name: 'deep.txt', folderId: old.id },
        { ownerId: other.user.id, name: 'theirs.txt' },
      ]);

      const root = await list(u);
      expect(root.statusCode).toBe(200);
      expect(root.json()).toMatchObject({
        success: true,
        totalFiles: 1,
        totalFilesExact: true,
        breadcrumb: [],
        folders: [{ id: docs.id, name: 'Docs', parentId: null }],
      });
      expect(names(root)).toEqual(['root.txt']);
      expect(root.json().files[0].path).toBe('/My Files');

      const res = await list(u, { folderId: docs.id });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.files).toEqual([
        {
          id: inDocs?.id,
          name: 'report.pdf',
          size: 1234,
          type: 'application/pdf',
          uploadDate: inDocs?.createdAt.toISOString(),
          path: '/My Files/Docs',
          folderId: docs.id,
          checksum: inDocs?.checksum,
          tags: [],
        },
      ]);
      expect(body.totalFiles).toBe(1);
      expect(body.breadcrumb).toEqual([{ id: docs.id, name: 'Docs' }]);
      expect(body.folders.map((f: { name: string }) => f.name)).toEqual(['archive', 'Old']);
      expect(body.folders[1]).toEqual({
        id: old.id,
        name: 'Old',
        parentId: docs.id,
        createdAt: old.createdAt.toISOString(),
      });

      const deep = await list(u, { folderId: old.id });
      expect(deep.json().breadcrumb).toEqual([
        { id: docs.id, name: 'Docs' },
        { id: old.id, name: 'Old' },
      ]);
      expect(deep.json().files[0].path).toBe('/My Files/Docs/Old');
    });

    it("answers 404 for another user's folder, an unknown one and one in the recycle bin", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const theirs = await insertFolder(db(), { ownerId: other.user.id, name: 'Theirs' });
      await insertFile(db(), { ownerId: other.user.id, name: 'secret.txt', folderId: theirs.id });
      const binned = await insertFolder(db(), { ownerId: u.user.id, name: 'Bin', deletedAt: new Date() });
      for (const folderId of [theirs.id, binned.id, crypto.randomUUID()]) {
        const res = await list(u, { folderId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          error: { code: 'NOT_FOUND', message: 'Folder not found' },
        });
      }
    });

    it('searches names case-insensitively, taking % and _ literally, in files and subfolders', async () => {
      const u = await createTestUser(t.app);
      await insertFiles(
        db(),
        [
          'Invoice-May.pdf',
          'old invoice.PDF',
          'photo.jpg',
          '100%_done.txt',
          '100x done.txt',
          'a_b',
          'axb',
        ].map((name) => ({ ownerId: u.user.id, name })),
      );
      await insertFolder(db(), { ownerId: u.user.id, name: 'Invoices' });
      await insertFolder(db(), { ownerId: u.user.id, name: 'Photos' });

      const invoice = await list(u, { search: 'INVOICE' });
      expect(names(invoice)).toEqual(['Invoice-May.pdf', 'old invoice.PDF']);
      expect(invoice.json().totalFiles).toBe(2);
      expect(invoice.json().folders.map((f: { name: string }) => f.name)).toEqual(['Invoices']);

      expect(names(await list(u, { search: '%' }))).toEqual(['100%_done.txt']);
      expect(names(await list(u, { search: '_' }))).toEqual(['100%_done.txt', 'a_b']);
      expect(names(await list(u, { search: '0%_' }))).toEqual(['100%_done.txt']);
      expect(names(await list(u, { search: '\\' }))).toEqual([]);
      // Blank after trimming: no filter.
      expect((await list(u, { search: '   ' })).json().totalFiles).toBe(7);
    });

    describe('sorting', () => {
      let u: TestUser;
      const base = Date.parse('2024-01-01T00:00:00Z');
      const fixtures = [
        { name: 'banana.png', size: 300, mimeType: 'image/png', minutes: 2 },
        { name: 'Apple.txt', size: 100, mimeType: 'text/plain', minutes: 5 },
        { name: 'cherry.mp4', size: 200, mimeType: 'video/mp4', minutes: 1 },
        { name: 'date.pdf', size: 200, mimeType: 'application/pdf', minutes: 4 },
        { name: 'elder.png', size: 50, mimeType: 'image/png', minutes: 3 },
      ];
      type Row = (typeof fixtures)[number] & { id: string };
      let rows: Row[];
      beforeAll(async () => {
        u = await createTestUser(t.app);
        const inserted = await insertFiles(
          db(),
          fixtures.map((f) => ({ ...f, ownerId: u.user.id, createdAt: new Date(base + f.minutes * 60_000) })),
        );
        rows = fixtures.map((f, i) => ({ ...f, id: inserted[i]?.id as string }));
      });

      const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const expected: Record<string, (a: Row, b: Row) => number> = {
        name: (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1),
        size: (a, b) => a.size - b.size || byId(a, b),
        uploadDate: (a, b) => a.minutes - b.minutes,
        type: (a, b) => (a.mimeType < b.mimeType ? -1 : a.mimeType > b.mimeType ? 1 : byId(a, b)),
      };

      for (const sort of ['name', 'size', 'uploadDate', 'type']) {
        for (const direction of ['asc', 'desc'] as const) {
          it(`by ${sort} ${direction}, ties broken by id`, async () => {
            const res = await list(u, { sort, direction });
            expect(res.statusCode).toBe(200);
            const want = [...rows].sort(expected[sort]);
            if (direction === 'desc') want.reverse();
            expect(res.json().files.map((f: { id: string }) => f.id)).toEqual(want.map((r) => r.id));
          });
        }
      }

      it('defaults to name ascending', async () => {
        expect(names(await list(u))).toEqual([
          'Apple.txt',
          'banana.png',
          'cherry.mp4',
          'date.pdf',
          'elder.png',
        ]);
      });

      it('pages with limit and offset, the total covering all pages', async () => {
        const first = await list(u, { sort: 'size', limit: 2 });
        const second = await list(u, { sort: 'size', limit: 2, offset: 2 });
        const third = await list(u, { sort: 'size', limit: 2, offset: 4 });
        const all = await list(u, { sort: 'size' });
        expect([...names(first), ...names(second), ...names(third)]).toEqual(names(all));
        expect(names(third)).toHaveLength(1);
        for (const page of [first, second, third]) expect(page.json().totalFiles).toBe(5);
        expect((await list(u, { offset: 10 })).json()).toMatchObject({ files: [], totalFiles: 5 });
      });

      it.each([
        [{ limit: 0 }],
        [{ limit: 501 }],
        [{ offset: -1 }],
        [{ sort: 'colour' }],
        [{ direction: 'up' }],
        [{ folderId: 'nope' }],
      ])('refuses %o with 400', async (query) => {
        const res = await list(u, query as Record<string, string | number>);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      });
    });

    it('counts search matches exactly up to 5,000 files in a folder, and as a lower bound above', async () => {
      const u = await createTestUser(t.app);
      const big = await insertFolder(db(), { ownerId: u.user.id, name: 'Big' });
      const [seed] = await insertFiles(db(), [{ ownerId: u.user.id, name: 'seed', folderId: big.id }]);
      await db().execute(sql`
        insert into ${files} (owner_id, folder_id, name, mime_type, size, blob_id, checksum)
        select ${u.user.id}::uuid, ${big.id}::uuid, 'file-' || lpad(g::text, 5, '0') || case when g % 1000 = 0 then '-rare' else '' end,
               'text/plain', g, ${seed?.blobId}::uuid, 'x'
        from generate_series(1, 5000) g`);

      const everything = await list(u, { folderId: big.id, limit: 10 });
      expect(everything.json()).toMatchObject({ totalFiles: 5001, totalFilesExact: true });

      const broad = await list(u, { folderId: big.id, search: 'file-', limit: 10, offset: 20 });
      expect(broad.json()).toMatchObject({ totalFiles: 31, totalFilesExact: false });
      expect(names(broad)[0]).toBe('file-00021');

      const rare = await list(u, { folderId: big.id, search: 'RARE', limit: 10 });
      expect(rare.json()).toMatchObject({ totalFiles: 5, totalFilesExact: true });
      const middle = await list(u, { folderId: big.id, search: 'rare', limit: 2, offset: 1 });
      expect(middle.json()).toMatchObject({ totalFiles: 4, totalFilesExact: false });
      expect(names(middle)).toEqual(['file-02000-rare', 'file-03000-rare']);
      const last = await list(u, { folderId: big.id, search: 'rare', limit: 2, offset: 3 });
      expect(last.json()).toMatchObject({ totalFiles: 5, totalFilesExact: true });
      expect(names(last)).toEqual(['file-04000-rare', 'file-05000-rare']);
      // Past the end: still the true count.
      expect((await list(u, { folderId: big.id, search: 'rare', offset: 50 })).json()).toMatchObject({
        files: [],
        totalFiles: 5,
      });
    });

    it('gives the same pages on every call, on either side of each prepared row bucket', async () => {
      // Pages within 1,024 rows are named statements that the database may replan generically
      // after a few calls; deeper ones are planned per call. Both must agree with the order.
      const u = await createTestUser(t.app);
      const big = await insertFolder(db(), { ownerId: u.user.id, name: 'Paged' });
      const [seed] = await insertFiles(db(), [
        { ownerId: u.user.id, name: 'file-00000', folderId: big.id, size: 0 },
      ]);
      await db().execute(sql`
        insert into ${files} (owner_id, folder_id, name, mime_type, size, blob_id, checksum)
        select ${u.user.id}::uuid, ${big.id}::uuid, 'file-' || lpad(g::text, 5, '0'), 'text/plain', g,
               ${seed?.blobId}::uuid, 'x'
        from generate_series(1, 1199) g`);
      const all = Array.from({ length: 1200 }, (_, i) => `file-${String(i).padStart(5, '0')}`);
      const pages = [
        { limit: 50, offset: 0 },
        { limit: 50, offset: 14 },
        { limit: 50, offset: 15 },
        { limit: 10, offset: 60 },
        { limit: 500, offset: 524 },
        { limit: 1, offset: 1023 },
        { limit: 2, offset: 1023 },
        { limit: 100, offset: 1150 },
      ];
      for (const direction of ['asc', 'desc'] as const) {
        const ordered = direction === 'asc' ? all : [...all].reverse();
        for (const { limit, offset } of pages) {
          for (let call = 0; call < 7; call++) {
            const res = await list(u, { folderId: big.id, sort: 'size', direction, limit, offset });
            expect(res.json()).toMatchObject({
              totalFiles: 1200,
              breadcrumb: [{ id: big.id, name: 'Paged' }],
            });
            expect(names(res)).toEqual(ordered.slice(offset, offset + limit));
          }
        }
      }
    });

    it('needs a signed-in user with storage:read', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/files' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/files/:id', () => {
    const patch = (u: TestUser, id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/files/${id}`, headers: u.headers, payload });

    it('renames and moves a file', async () => {
      const u = await createTestUser(t.app);
      const a = await insertFolder(db(), { ownerId: u.user.id, name: 'A' });
      const b = await insertFolder(db(), { ownerId: u.user.id, name: 'B', parentId: a.id });
      const f = await insertFile(db(), { ownerId: u.user.id, name: 'draft.txt' });

      const renamed = await patch(u, f.id, { name: '  final.txt ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().file).toMatchObject({
        id: f.id,
        name: 'final.txt',
        folderId: null,
        path: '/My Files',
      });

      const moved = await patch(u, f.id, { folderId: b.id });
      expect(moved.json().file).toMatchObject({ name: 'final.txt', folderId: b.id, path: '/My Files/A/B' });
      expect(names(await list(u, { folderId: b.id }))).toEqual(['final.txt']);
      expect((await list(u)).json().totalFiles).toBe(0);

      const both = await patch(u, f.id, { name: 'back.txt', folderId: null });
      expect(both.json().file).toMatchObject({ name: 'back.txt', folderId: null, path: '/My Files' });
    });

    it("answers 404 for another user's file or folder, and for binned ones", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const mine = await insertFile(db(), { ownerId: u.user.id, name: 'mine.txt' });
      const theirs = await insertFile(db(), { ownerId: other.user.id, name: 'theirs.txt' });
      const theirFolder = await insertFolder(db(), { ownerId: other.user.id, name: 'T' });
      const binnedFolder = await insertFolder(db(), { ownerId: u.user.id, name: 'X', deletedAt: new Date() });
      const binnedFile = await insertFile(db(), { ownerId: u.user.id, name: 'b', deletedAt: new Date() });

      const r1 = await patch(u, theirs.id, { name: 'mine now' });
      expect(r1.statusCode).toBe(404);
      expect(r1.json().error.message).toBe('File not found');
      expect((await patch(u, binnedFile.id, { name: 'x' })).statusCode).toBe(404);
      for (const folderId of [theirFolder.id, binnedFolder.id]) {
        const r = await patch(u, mine.id, { folderId });
        expect(r.statusCode).toBe(404);
        expect(r.json().error.message).toBe('Folder not found');
      }
      const [theirsNow] = await db().select().from(files).where(eq(files.id, theirs.id));
      expect(theirsNow?.name).toBe('theirs.txt');
    });

    it.each([
      [{}],
      [{ name: '' }],
      [{ name: 'a/b' }],
      [{ name: '..' }],
      [{ name: 'x'.repeat(256) }],
      [{ folderId: 'root' }],
    ])('refuses %o with 400', async (payload) => {
      const u = await createTestUser(t.app);
      const f = await insertFile(db(), { ownerId: u.user.id, name: 'f' });
      expect((await patch(u, f.id, payload)).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/files/:id', () => {
    const del = (u: TestUser, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: u.headers });

    it('moves the file to the recycle bin', async () => {
      const u = await createTestUser(t.app);
      const f = await insertFile(db(), { ownerId: u.user.id, name: 'old.txt' });
      const res = await del(u, f.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await list(u)).json()).toMatchObject({ files: [], totalFiles: 0 });
      const [row] = await db().select().from(files).where(eq(files.id, f.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(row?.deleteBatch).toMatch(/^[0-9a-f-]{36}$/);
      expect((await del(u, f.id)).statusCode).toBe(404);
    });

    it("answers 404 for another user's file and leaves it alone", async () => {
      const u = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const f = await insertFile(db(), { ownerId: other.user.id, name: 'theirs.txt' });
      expect((await del(u, f.id)).statusCode).toBe(404);
      expect((await list(other)).json().totalFiles).toBe(1);
    });
  });
});
