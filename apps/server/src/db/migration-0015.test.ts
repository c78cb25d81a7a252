import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertBlob, insertFiles } from '../../test/files.fixture';
import { migrationsBefore } from '../../test/migrations.fixture';
import { migrationsDir } from '../../test/pglite-template.global';
import { UsersRepository } from '../modules/users/users.repository';
import { openDatabase } from './client';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('migration 0015', () => {
  const older = migrationsBefore('0015_file_totals_name_search');
  afterAll(() => rmSync(older, { recursive: true, force: true }));

  it('fills the totals of the files stored before it', async () => {
    const database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    try {
      const db = database.db;
      await database.migrate(older);
      const users = new UsersRepository(db);
      const person = (email: string) =>
        users.insert({
          email,
          passwordHash: 'x',
          firstName: 'A',
          lastName: 'B',
          role: 'user',
          status: 'active',
        });
      const a = await person('a@example.test');
      const b = await person('b@example.test');
      const shared = await insertBlob(db, { size: 300, refCount: 4 });
      await insertFiles(db, [
        { ownerId: a.id, name: 'a.png', mimeType: 'image/png', size: 300, blobId: shared.id },
        { ownerId: a.id, name: 'copy.png', mimeType: 'image/png', size: 300, blobId: shared.id },
        {
          ownerId: a.id,
          name: 'binned.png',
          mimeType: 'image/png',
          size: 300,
          blobId: shared.id,
          deletedAt: new Date(),
        },
        { ownerId: a.id, name: 'b.pdf', mimeType: 'application/pdf', size: 200 },
        { ownerId: b.id, name: 'theirs.png', mimeType: 'image/png', size: 300, blobId: shared.id },
      ]);
      await database.migrate(migrationsDir);
      const totals = async () =>
        rowsOf(
          await db.execute(sql`select u.email, t.mime_type, t.files, t.bytes::int as bytes,
              coalesce(d.saved_bytes, 0)::int as saved
            from file_type_totals t join users u on u.id = t.owner_id
            left join file_dedup_totals d on d.owner_id = t.owner_id order by 1, 2`),
        );
      expect(await totals()).toEqual([
        { email: 'a@example.test', mime_type: 'application/pdf', files: 1, bytes: 200, saved: 600 },
        { email: 'a@example.test', mime_type: 'image/png', files: 3, bytes: 900, saved: 600 },
        { email: 'b@example.test', mime_type: 'image/png', files: 1, bytes: 300, saved: 0 },
      ]);
      // And the triggers carry on from there.
      await insertFiles(db, [
        { ownerId: b.id, name: 'again.png', mimeType: 'image/png', size: 300, blobId: shared.id },
      ]);
      expect((await totals())[2]).toEqual({
        email: 'b@example.test',
        mime_type: 'image/png',
        files: 2,
        bytes: 600,
        saved: 300,
      });
    } finally {
      await database.close();
    }
  });
});
