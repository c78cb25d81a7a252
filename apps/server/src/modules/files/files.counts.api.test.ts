import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFiles, insertFolder } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users.fixture';
import { files, folderFileCounts, users } from '../../db/schema/index';

const ROOT = '00000000-0000-0000-0000-000000000000';

/** folder_file_counts is kept by triggers on files (migration 0004): every writer keeps it right. */
describe('live file counts per folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = async (ownerId: string) => {
    const rows = await t.app.ctx.database.db
      .select()
      .from(folderFileCounts)
      .where(eq(folderFileCounts.ownerId, ownerId));
    return Object.fromEntries(rows.map((r) => [r.folderKey, r.liveFiles]));
  };

  it('follows inserts, moves, the recycle bin, restores and deletes', async () => {
    const db = t.app.ctx.database.db;
    const { user } = await createTestUser(t.app);
    const a = await insertFolder(db, { ownerId: user.id, name: 'A' });
    const rows = await insertFiles(db, [
      { ownerId: user.id, name: 'r1' },
      { ownerId: user.id, name: 'r2' },
      { ownerId: user.id, name: 'a1', folderId: a.id },
      { ownerId: user.id, name: 'binned', folderId: a.id, deletedAt: new Date() },
    ]);
    expect(await counts(user.id)).toEqual({ [ROOT]: 2, [a.id]: 1 });

    // A multi-row insert is one statement: one aggregate, not one update per row.
    await db.execute(sql`
      insert into ${files} (owner_id, folder_id, name, mime_type, size, blob_id, checksum)
      select ${user.id}::uuid, ${a.id}::uuid, 'bulk-' || g, 'text/plain', 1, ${rows[0]?.blobId}::uuid, 'x'
      from generate_series(1, 50) g`);
    expect(await counts(user.id)).toEqual({ [ROOT]: 2, [a.id]: 51 });

    const [r1, r2] = rows;
    if (!r1 || !r2) throw new Error('fixture');
    await db.update(files).set({ folderId: a.id }).where(eq(files.id, r1.id));
    expect(await counts(user.id)).toEqual({ [ROOT]: 1, [a.id]: 52 });

    await db.update(files).set({ name: 'renamed' }).where(eq(files.id, r2.id));
    expect(await counts(user.id)).toEqual({ [ROOT]: 1, [a.id]: 52 });

    await db
      .update(files)
      .set({ deletedAt: new Date(), deleteBatch: randomUUID() })
      .where(and(eq(files.folderId, a.id), sql`${files.name} like 'bulk-%'`));
    expect(await counts(user.id)).toEqual({ [ROOT]: 1, [a.id]: 2 });

    await db.update(files).set({ deletedAt: null, deleteBatch: null }).where(eq(files.name, 'binned'));
    expect(await counts(user.id)).toEqual({ [ROOT]: 1, [a.id]: 3 });

    await db.delete(files).where(inArray(files.id, [r1.id, r2.id]));
    expect(await counts(user.id)).toEqual({ [ROOT]: 0, [a.id]: 2 });
  });

  it('lets a user with files be deleted, and their counts go with them', async () => {
    const db = t.app.ctx.database.db;
    const { user } = await createTestUser(t.app);
    await insertFiles(db, [{ ownerId: user.id, name: 'x' }]);
    await db.delete(users).where(eq(users.id, user.id));
    expect(await counts(user.id)).toEqual({});
  });
});
