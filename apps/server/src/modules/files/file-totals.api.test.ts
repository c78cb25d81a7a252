import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile } from '../../../test/files.fixture';
import { createTestApp, type TestApp, testDbKind } from '../../../test/test-app';
import { upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { files, users } from '../../db/schema/index';
import { BlobsRepository } from './blobs.repository';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
/** bigint columns come back as strings from pg: compare numbers. */
const numbers = (rows: Row[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
    ),
  );

/**
 * The per-user totals (file_type_totals, file_content_copies, file_dedup_totals) are kept by
 * triggers in every writer's transaction: after any mix of operations they equal a fresh GROUP BY
 * over the files, and the dashboard shows them.
 */
describe('per-user file totals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const query = async (text: string) => numbers(rowsOf(await db().execute(sql.raw(text))));

  /** The kept totals and the same figures counted afresh, for every user. */
  async function expectTotalsExact() {
    expect(
      await query('select owner_id, mime_type, files, bytes from file_type_totals order by 1, 2'),
    ).toEqual(
      await query(`select owner_id, mime_type, count(*)::int as files, sum(size)::bigint as bytes
        from files group by 1, 2 order by 1, 2`),
    );
    expect(
      await query('select owner_id, blob_id, copies, size from file_content_copies order by 1, 2'),
    ).toEqual(
      await query(`select owner_id, blob_id, count(*)::int as copies, max(size)::bigint as size
        from files group by 1, 2 order by 1, 2`),
    );
    expect(
      await query('select owner_id, saved_bytes from file_dedup_totals where saved_bytes <> 0 order by 1'),
    ).toEqual(
      await query(`select owner_id, sum(size * (copies - 1))::bigint as saved_bytes from (
          select owner_id, max(size) as size, count(*) as copies from files group by owner_id, blob_id
        ) c group by 1 having sum(size * (copies - 1)) <> 0 order by 1`),
    );
  }

  const send = async (
    u: TestUser,
    data: Buffer | string,
    filename: string,
    contentType: string,
    folderId?: string,
  ) => {
    const res = await upload(
      t.app,
      u.headers,
      { data: Buffer.from(data), filename, contentType },
      folderId ? { before: [{ name: 'folderId', value: folderId }] } : {},
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file.id as string;
  };
  const call = async (u: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: u.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const dashboard = async (u: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: u.headers });
    expect(res.statusCode).toBe(200);
    return res.json().stats;
  };

  it('equal a fresh GROUP BY after uploads, duplicates, the bin, restores, purges and a deleted user', async () => {
    const a = await createTestUser(t.app);
    const b = await createTestUser(t.app);
    const photo = 'p'.repeat(300);
    const doc = 'd'.repeat(200);
    const folder = (await call(a, 'POST', '/api/folders', { name: 'Work' })).folder.id as string;

    await send(a, photo, 'a.png', 'image/png');
    const copy = await send(a, photo, 'copy.png', 'image/png');
    await send(a, doc, 'b.pdf', 'application/pdf', folder);
    // The same bytes under another type: one content, two types.
    await send(a, doc, 'b.txt', 'text/plain', folder);
    const zip = await send(a, 'z'.repeat(50), 'c.zip', 'application/zip');
    // Content another account also holds: stored once, never counted as either user's saving.
    await send(b, photo, 'theirs.png', 'image/png');
    await expectTotalsExact();
    expect(await dashboard(a)).toMatchObject({
      totalFiles: 5,
      totalSize: 1050,
      dedupSavedBytes: 500,
      fileTypes: {
        image: { count: 2, size: 600 },
        document: { count: 2, size: 400 },
        archive: { count: 1, size: 50 },
      },
    });
    expect((await dashboard(b)).dedupSavedBytes).toBe(0);

    // The bin keeps files counted (they still take space); restoring changes nothing either.
    await call(a, 'DELETE', `/api/files/${copy}`);
    await call(a, 'DELETE', `/api/folders/${folder}`);
    await expectTotalsExact();
    expect((await dashboard(a)).dedupSavedBytes).toBe(500);
    await call(a, 'POST', '/api/recycle-bin/restore', { items: [{ kind: 'folder', id: folder }] });
    await expectTotalsExact();

    // Purging one copy of the photo ends that saving; purging the zip removes its type.
    await call(a, 'POST', '/api/recycle-bin/purge', { items: [{ kind: 'file', id: copy }] });
    await call(a, 'DELETE', `/api/files/${zip}`);
    await call(a, 'POST', '/api/recycle-bin/empty');
    await expectTotalsExact();
    const after = await dashboard(a);
    expect(after).toMatchObject({ totalFiles: 3, totalSize: 700, dedupSavedBytes: 200 });
    expect(after.fileTypes.archive).toEqual({ count: 0, size: 0 });
    expect(
      await query(`select mime_type from file_type_totals where owner_id = '${a.user.id}' order by 1`),
    ).toEqual([{ mime_type: 'application/pdf' }, { mime_type: 'image/png' }, { mime_type: 'text/plain' }]);

    // The folder with both documents goes to the bin and is purged: the saving goes with them.
    await call(a, 'DELETE', `/api/folders/${folder}`);
    await call(a, 'POST', '/api/recycle-bin/empty');
    await expectTotalsExact();
    expect(await dashboard(a)).toMatchObject({ totalFiles: 1, totalSize: 300, dedupSavedBytes: 0 });

    // A deleted user's files and totals go together; nobody else's change.
    await db().delete(users).where(eq(users.id, b.user.id));
    await expectTotalsExact();
    expect(
      await query(`select count(*)::int as n from file_type_totals where owner_id = '${b.user.id}'`),
    ).toEqual([{ n: 0 }]);
  });

  it('stay exact under parallel uploads of repeated content', async () => {
    const u = await createTestUser(t.app, { subscriptionPlan: 'enterprise' });
    const contents = [randomBytes(3000), randomBytes(5000), randomBytes(7000)];
    const types = ['image/jpeg', 'application/pdf', 'video/mp4', 'text/plain'];
    // Every content four times, under changing types, all at once.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(u, contents[i % 3] as Buffer, `f${i}`, types[i % 4] as string),
      ),
    );
    await expectTotalsExact();
    expect(await dashboard(u)).toMatchObject({
      totalFiles: 12,
      totalSize: 4 * 15_000,
      dedupSavedBytes: 3 * 15_000,
    });
  });

  it('stay exact while a purge of a content runs beside uploads of the same content', async () => {
    const u = await createTestUser(t.app, { subscriptionPlan: 'enterprise' });
    const data = randomBytes(4000);
    const binned = await Promise.all([0, 1, 2].map((i) => send(u, data, `old${i}`, 'image/png')));
    for (const id of binned) await call(u, 'DELETE', `/api/files/${id}`);
    // The purge locks the blob its files share, the uploads take a reference to it: neither may
    // end in a deadlock (each would take the other's locks in the opposite order).
    await Promise.all([
      call(u, 'POST', '/api/recycle-bin/empty'),
      ...[0, 1, 2].map((i) => send(u, data, `new${i}.png`, 'image/png')),
    ]);
    await expectTotalsExact();
    expect(await dashboard(u)).toMatchObject({ totalFiles: 3, totalSize: 12_000, dedupSavedBytes: 8000 });
  });

  // One process's transactions run one at a time on PGlite: lock order matters on PostgreSQL.
  it.runIf(testDbKind === 'postgres')(
    'a purge waits for an upload holding its content before it holds any total: no deadlock',
    async () => {
      const u = await createTestUser(t.app);
      const old = await send(u, randomBytes(2000), 'old.png', 'image/png');
      await call(u, 'DELETE', `/api/files/${old}`);
      const [row] = await db().select().from(files).where(eq(files.id, old));
      if (!row) throw new Error('no file');
      let purge: Promise<{ statusCode: number }> | undefined;
      await db().transaction(async (tx) => {
        // An upload of the same content: a reference to the blob first (its row locked)...
        await new BlobsRepository().addRef(tx, t.app.ctx.storage.backend, row.checksum);
        const me = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
        purge = t.app.inject({ method: 'POST', url: '/api/recycle-bin/empty', headers: u.headers });
        // ...until the purge waits for it,
        for (let waited = 0; ; waited += 20) {
          const blocked = await db().execute(
            sql`select 1 from pg_stat_activity where ${me}::int = any(pg_blocking_pids(pid))`,
          );
          if (rowsOf(blocked).length > 0) break;
          if (waited > 10_000) throw new Error('the purge never waited for the upload');
          await new Promise((r) => setTimeout(r, 20));
        }
        // ...then its file row, whose triggers lock the owner's totals.
        await insertFile(tx, {
          ownerId: u.user.id,
          name: 'new.png',
          mimeType: 'image/png',
          size: 2000,
          blobId: row.blobId,
        });
      });
      expect((await purge)?.statusCode).toBe(200);
      await expectTotalsExact();
    },
  );
});
