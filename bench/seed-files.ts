import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import { blobs, files, fileTextIndex, folders } from '../apps/server/src/db/schema/index';
import { readableFile } from '../apps/server/src/modules/ai/analysis/analysis.repository';
import { StorageAccountsRepository } from '../apps/server/src/modules/files/storage-accounts.repository';

/** Searching for this finds exactly NEEDLES files of any seeded folder. */
export const NEEDLE = 'quartz';
export const NEEDLES = 10;

/** A tenth of the files are second copies of another file's content (deduplicated). */
const COPY_EVERY = 10;

export interface SeededFolder {
  folderId: string;
  count: number;
  totalBytes: number;
  dedupSavedBytes: number;
}

const contentSize = (c: number) => ((c * 104729) % 50_000_000) + 1;

/**
 * `count` files in a new folder of `ownerId`, written with SQL in two statements (seconds for
 * 100,000 rows, where uploads would take an hour) into the app's own tables, as uploads leave
 * them: a blob per distinct content (a tenth of the files share their content with another, as
 * deduplicated uploads do, ref_count 2), the file rows (the folder counts and the per-user type
 * and deduplication totals follow by the migrations' triggers), the readable files' text-index
 * rows, and the owner's storage totals through the app's repository.
 * `verifySeeded` then checks the app sees exactly these files: should the app keep another total
 * that uploads maintain, it fails until this seeding fills that total too.
 */
export async function seedFiles(db: Db, ownerId: string, count: number, name = 'Big'): Promise<SeededFolder> {
  const [folder] = await db.insert(folders).values({ ownerId, name }).returning();
  if (!folder) throw new Error('could not create the folder');
  const contents = count - Math.floor(count / COPY_EVERY);
  const tag = randomBytes(6).toString('hex');
  const needleEvery = Math.floor(count / NEEDLES);
  await db.execute(sql`
    with b as (
      insert into ${blobs} (backend, sha256, size, storage_key, ref_count)
      select 'local', encode(sha256(convert_to(${tag} || c, 'UTF8')), 'hex'),
             (c * 104729) % 50000000 + 1,
             'bench/' || ${tag} || '/' || c,
             case when c <= ${count - contents}::int then 2 else 1 end
      from generate_series(1, ${contents}::bigint) c
      returning id, sha256, size, storage_key
    )
    insert into ${files} (owner_id, folder_id, name, mime_type, size, blob_id, checksum, created_at)
    select ${ownerId}::uuid, ${folder.id}::uuid,
      (array['Report','photo','Invoice','notes','Backup'])[1 + g % 5] || '-' || ((g * 7919) % ${count}::int)
        || case when g % ${needleEvery}::int = 0 then ${` ${NEEDLE}`} else '' end
        || (array['.pdf','.jpg','.txt','.mp4','.zip'])[1 + (g / 5) % 5],
      (array['application/pdf','image/jpeg','text/plain','video/mp4','application/zip'])[1 + (g / 5) % 5],
      b.size, b.id, b.sha256,
      now() - make_interval(secs => g::double precision)
    from generate_series(1, ${count}::bigint) g
    join b on b.storage_key = 'bench/' || ${tag} || '/' || ((g - 1) % ${contents}::int + 1)`);
  // Readable files as the file-index job leaves them once read: without their rows the job would
  // spend the run backfilling, on PGlite on the thread the figures measure, files whose bytes the
  // seed never wrote (each read failing, and retried).
  await db.execute(sql`
    insert into ${fileTextIndex} (file_id, user_id, status, indexed_at)
    select f.id, f.owner_id, 'indexed', now() from ${files} f
    where f.folder_id = ${folder.id}::uuid and ${readableFile('f')}`);
  let totalBytes = 0;
  for (let g = 1; g <= count; g++) totalBytes += contentSize(((g - 1) % contents) + 1);
  let dedupSavedBytes = 0;
  for (let c = 1; c <= count - contents; c++) dedupSavedBytes += contentSize(c);
  await new StorageAccountsRepository(db).applyDelta(db, ownerId, totalBytes, count, 'upload');
  return { folderId: folder.id, count, totalBytes, dedupSavedBytes };
}

/** Fresh planner statistics after a bulk load, as autovacuum would gather them. */
export async function analyzeFiles(db: Db): Promise<void> {
  for (const table of [
    'files',
    'blobs',
    'folder_file_counts',
    'storage_accounts',
    'folders',
    'file_text_index',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/** Checks through the API that the app sees exactly the seeded files (see seedFiles). */
export async function verifySeeded(app: App, token: string, seeded: SeededFolder): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });
  if (res.statusCode !== 200) throw new Error(`dashboard answered ${res.statusCode}: ${res.body}`);
  const stats = res.json().stats as {
    totalFiles: number;
    totalSize: number;
    dedupSavedBytes: number;
    fileTypes: Record<string, { count: number; size: number }>;
  };
  const typed = Object.values(stats.fileTypes).reduce((n, t) => n + t.count, 0);
  const list = await app.inject({
    method: 'GET',
    url: `/api/files?folderId=${seeded.folderId}&search=${NEEDLE}&limit=${NEEDLES + 5}`,
    headers: auth,
  });
  const found = list.json().files?.length;
  const problems = [
    stats.totalFiles !== seeded.count && `totalFiles ${stats.totalFiles}`,
    stats.totalSize !== seeded.totalBytes && `totalSize ${stats.totalSize} (expected ${seeded.totalBytes})`,
    Math.abs(stats.dedupSavedBytes - seeded.dedupSavedBytes) > 1 &&
      `dedupSavedBytes ${stats.dedupSavedBytes} (expected ${seeded.dedupSavedBytes})`,
    typed !== seeded.count && `fileTypes count ${typed}`,
    found !== NEEDLES && `search "${NEEDLE}" found ${found}`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new Error(
      `seed-files.ts: the app does not see the ${seeded.count} seeded files as uploads leave them (${problems.join(', ')}). If the app now keeps another per-user total, fill it in seedFiles.`,
    );
  }
}
