import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBlob, insertFiles, insertFolder } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users.fixture';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';
import { containsPattern } from '../admin/like-pattern';
import { FilesRepository } from './files.repository';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Names the escaping must take literally, among thousands of ordinary ones. */
const SPECIAL = [
  'Invoice-May.pdf',
  'old invoice.PDF',
  '100%_done.txt',
  '100x done.txt',
  'a_b',
  'axb',
  'back\\slash.txt',
  'Quartz rock.jpg',
  'QUARTZ.png',
  'Ünïcödé quartz.txt',
];
const ORDINARY = 3000;
const TERMS = ['invoice', 'INVOICE', 'quartz', '%', '_', '0%_', '\\', 'slash', 'cöd', 'e-1', 'e-29', 'zzz'];

/**
 * Name search with the trigram index (migration 0015) finds exactly what a scan of the folder
 * finds: the same ILIKE, the same escaping of %, _ and \. The planner is steered each way in a
 * transaction of its own.
 */
describe('name search through the trigram index', () => {
  let t: TestApp;
  let ownerId: string;
  let folderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.ctx.database.db;
    const u = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    ownerId = u.user.id;
    folderId = (await insertFolder(db, { ownerId, name: 'Big' })).id;
    const blob = await insertBlob(db, { size: 10 });
    await db.execute(sql`
      insert into ${files} (owner_id, folder_id, name, mime_type, size, blob_id, checksum)
      select ${ownerId}::uuid, ${folderId}::uuid, 'file-' || g, 'text/plain', 10, ${blob.id}::uuid, 'x'
      from generate_series(1, ${ORDINARY}::int) g`);
    await insertFiles(db, [
      ...SPECIAL.map((name) => ({ ownerId, folderId, name })),
      // Another user's and binned files of the same names are never found.
      ...SPECIAL.map((name) => ({ ownerId: other.user.id, name })),
      ...SPECIAL.map((name) => ({ ownerId, folderId, name: `${name} binned`, deletedAt: new Date() })),
    ]);
    await db.execute(sql`analyze ${files}`);
  });
  afterAll(() => t.close());

  /**
   * The page of matches (names, in order), their count and the plan: by a scan of the folder, or
   * with the trigram index as the only index on the table (the others dropped in a transaction
   * that is rolled back: on a few thousand rows the planner would rather read the btree indexes).
   */
  async function search(term: string, path: 'trigram index' | 'scan') {
    class Done extends Error {
      constructor(readonly found: { names: string[]; count: number; plan: string }) {
        super('rolled back');
      }
    }
    try {
      await t.app.ctx.database.db.transaction(async (tx) => {
        if (path === 'scan') {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          await tx.execute(sql`set local enable_indexscan = off`);
        } else {
          await tx.execute(sql`set local enable_seqscan = off`);
          const others = rowsOf(
            await tx.execute(sql`select indexname from pg_indexes
              where tablename = 'files' and schemaname = current_schema()
                and indexname not in ('files_owner_name_trgm_idx', 'files_pkey')`),
          );
          for (const r of others) await tx.execute(sql.raw(`drop index "${r.indexname}"`));
        }
        const repo = new FilesRepository(tx as Db);
        const like = containsPattern(term);
        const listing = await repo.listing({
          ownerId,
          folderId,
          like,
          sort: 'name',
          direction: 'asc',
          limit: 5000,
          offset: 0,
        });
        const count = await repo.countMatching(ownerId, folderId, like);
        const plan = rowsOf(
          await tx.execute(sql`explain select id from ${files}
            where owner_id = ${ownerId} and folder_id = ${folderId} and deleted_at is null and name ilike ${like}`),
        )
          .map((r) => Object.values(r)[0])
          .join('\n');
        throw new Done({ names: listing.files.map((f) => f.name), count, plan });
      });
    } catch (err) {
      if (err instanceof Done) return err.found;
      throw err;
    }
    throw new Error('the search did not run');
  }

  it.each(TERMS)('finds the same files for %j either way, exactly the names containing it', async (term) => {
    const viaIndex = await search(term, 'trigram index');
    const viaScan = await search(term, 'scan');
    expect(viaIndex.names).toEqual(viaScan.names);
    expect(viaIndex.count).toBe(viaIndex.names.length);
    const all = [...SPECIAL, ...Array.from({ length: ORDINARY }, (_, i) => `file-${i + 1}`)];
    const expected = all.filter((n) => n.toLowerCase().includes(term.toLowerCase()));
    expect([...viaIndex.names].sort()).toEqual(expected.sort());
    expect(viaScan.plan).not.toContain('files_owner_name_trgm_idx');
  });

  it('reads the trigram index for a word of three characters or more', async () => {
    for (const term of ['invoice', 'quartz', 'e-29']) {
      expect((await search(term, 'trigram index')).plan).toContain('files_owner_name_trgm_idx');
    }
  });
});
