import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertFiles } from '../../test/files.fixture';
import { migrationsBefore } from '../../test/migrations.fixture';
import { migrationsDir } from '../../test/pglite-template.global';
import { UsersRepository } from '../modules/users/users.repository';
import { openDatabase } from './client';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { fileTextChunks } from './schema/index';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** ~1,000 characters of distinct made-up words: a search vector too large to stay in a row by default. */
function paragraph(): string {
  let seed = 7;
  const letter = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return String.fromCharCode(97 + (seed % 26));
  };
  const words = Array.from({ length: 150 }, () => Array.from({ length: 6 }, letter).join(''));
  return words.join(' ');
}

describe('migration 0030', () => {
  const older = migrationsBefore('0030_file_chunks_search_vector_inline');
  afterAll(() => rmSync(older, { recursive: true, force: true }));

  it("keeps chunks' search vectors in their rows, the stored ones rewritten, and their text search unchanged", async () => {
    const database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    try {
      const db = database.db;
      await database.migrate(older);
      const user = await new UsersRepository(db).insert({
        email: 'a@example.test',
        passwordHash: 'x',
        firstName: 'A',
        lastName: 'B',
        role: 'user',
        status: 'active',
      });
      const [file] = await insertFiles(db, [{ ownerId: user.id, name: 'notes.txt', mimeType: 'text/plain' }]);
      const content = paragraph();
      const embedding = Array.from({ length: 384 }, (_, i) => Math.sin(i));
      await db.insert(fileTextChunks).values({
        fileId: file?.id as string,
        userId: user.id,
        chunkIndex: 0,
        content,
        charStart: 0,
        embedding,
      });
      // pg_column_toast_chunk_id: null when the value is in the row (PostgreSQL 17+, as PGlite is).
      const layout = async () =>
        rowsOf(
          await db.execute(sql`select pg_column_toast_chunk_id(search_vector) is not null as out_of_row,
              search_vector = to_tsvector('english', content) as same,
              (select attstorage from pg_attribute where attrelid = 'file_text_chunks'::regclass
                and attname = 'search_vector') as storage
            from file_text_chunks`),
        );
      expect(await layout()).toEqual([{ out_of_row: true, same: true, storage: 'x' }]);
      await database.migrate(migrationsDir);
      expect(await layout()).toEqual([{ out_of_row: false, same: true, storage: 'm' }]);
      const word = content.split(' ')[3] as string;
      const found = await db.execute(
        sql`select chunk_index from file_text_chunks where search_vector @@ to_tsquery('english', ${word})`,
      );
      expect(rowsOf(found)).toEqual([{ chunk_index: 0 }]);
    } finally {
      await database.close();
    }
  });
});
