import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, blobs, files, folderFileCounts, folders } from '../../db/schema/index';
import { MAX_FOLDER_DEPTH } from './folders.repository';

export const DEFAULT_RETENTION_DAYS = 30;

export interface BinnedRow {
  kind: 'file' | 'folder';
  id: string;
  name: string;
  size: number;
  type: string | null;
  deletedAt: Date;
  /** The folder it was in (a file) or under (a folder); null at the root. */
  parentId: string | null;
}

export interface PurgedFile {
  ownerId: string;
  blobId: string;
  size: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * SQL of the recycle bin. Rows deleted together share a `delete_batch`: a folder with everything
 * in it, or one file deleted alone. The bin lists a batch by its top item and restores or purges
 * whole batches.
 */
export class RecycleBinRepository {
  constructor(private readonly db: Db) {}

  async retentionDays(): Promise<number> {
    const rows = await this.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, 'recycleRetentionDays'));
    const days = Number(rows[0]?.value);
    return Number.isInteger(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS;
  }

  /**
   * One page of the top items of the owner's batches (a folder's contents are not listed apart),
   * newest first, and how many there are in all (one statement; a page past the end is empty).
   */
  async topLevel(
    ownerId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: BinnedRow[]; total: number }> {
    const result = await this.db.execute(sql`
      with top as (
        select 'folder' as kind, d.id, d.name, d.deleted_at, d.parent_id,
          (select coalesce(sum(f.size), 0) from ${files} f
            where f.delete_batch = d.delete_batch and f.owner_id = ${ownerId})::bigint as size,
          null as type
        from ${folders} d
        where d.owner_id = ${ownerId} and d.deleted_at is not null
          and not exists (select 1 from ${folders} p where p.id = d.parent_id and p.delete_batch = d.delete_batch)
        union all
        select 'file', f.id, f.name, f.deleted_at, f.folder_id, f.size, f.mime_type
        from ${files} f
        where f.owner_id = ${ownerId} and f.deleted_at is not null
          and not exists (select 1 from ${folders} p where p.id = f.folder_id and p.delete_batch = f.delete_batch)
      )
      select (select count(*) from top) as total, p.*
      from (select 1) one
      left join (select * from top order by deleted_at desc, id limit ${page.limit} offset ${page.offset}) p on true
      order by p.deleted_at desc, p.id
    `);
    const raw = rowsOf<{
      total: number | string;
      kind: 'file' | 'folder' | null;
      id: string;
      name: string;
      deleted_at: Date | string;
      parent_id: string | null;
      size: number | string;
      type: string | null;
    }>(result);
    const rows = raw
      .filter((r) => r.kind !== null)
      .map((r) => ({
        kind: r.kind as 'file' | 'folder',
        id: r.id,
        name: r.name,
        size: Number(r.size),
        type: r.type,
        deletedAt: new Date(r.deleted_at),
        parentId: r.parent_id,
      }));
    return { rows, total: Number(raw[0]?.total ?? 0) };
  }

  /** '/A/B'-style chains of folder names (live or binned) for each id, keyed by id. */
  async folderPaths(ownerId: string, ids: string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const result = await this.db.execute(sql`
      with recursive up (start_id, id, parent_id, name, depth) as (
        select id, id, parent_id, name, 0 from ${folders}
        where owner_id = ${ownerId} and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        union all
        select up.start_id, f.id, f.parent_id, f.name, up.depth + 1
        from ${folders} f join up on f.id = up.parent_id
        where f.owner_id = ${ownerId} and up.depth < ${MAX_FOLDER_DEPTH}
      )
      select start_id, json_agg(name order by depth desc) as names from up group by start_id
    `);
    const out = new Map<string, string[]>();
    for (const r of rowsOf<{ start_id: string; names: string[] | string }>(result)) {
      out.set(r.start_id, typeof r.names === 'string' ? JSON.parse(r.names) : r.names);
    }
    return out;
  }

  /** The batches of binned items of this owner; items not found (or not binned) are left out. */
  async batchesOf(
    db: Db,
    ownerId: string,
    kind: 'file' | 'folder',
    ids: string[],
  ): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const table = kind === 'file' ? files : folders;
    const rows = await db
      .select({ id: table.id, batch: table.deleteBatch })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.ownerId, ownerId), isNotNull(table.deletedAt)));
    return new Map(rows.filter((r) => r.batch).map((r) => [r.id, r.batch as string]));
  }

  /** Every batch the owner has in the bin. */
  async allBatches(db: Db, ownerId: string): Promise<string[]> {
    const result = await db.execute(sql`
      select delete_batch from ${files} where owner_id = ${ownerId} and deleted_at is not null and delete_batch is not null
      union
      select delete_batch from ${folders} where owner_id = ${ownerId} and deleted_at is not null and delete_batch is not null
    `);
    return rowsOf<{ delete_batch: string }>(result).map((r) => r.delete_batch);
  }

  /** Up to `limit` batches (any owner) deleted before `cutoff`. */
  async expiredBatches(cutoff: Date, limit: number): Promise<string[]> {
    const at = cutoff.toISOString();
    const result = await this.db.execute(sql`
      select delete_batch from (
        select delete_batch from ${files}
        where deleted_at < ${at}::timestamptz and delete_batch is not null
        union
        select delete_batch from ${folders}
        where deleted_at < ${at}::timestamptz and delete_batch is not null
      ) b limit ${limit}
    `);
    return rowsOf<{ delete_batch: string }>(result).map((r) => r.delete_batch);
  }

  /** Whether a folder batch is in this list (restored first, so files deleted alone from it go back into it). */
  async batchesWithFolders(db: Db, batches: string[]): Promise<Set<string>> {
    if (batches.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ batch: folders.deleteBatch })
      .from(folders)
      .where(and(inArray(folders.deleteBatch, batches), isNotNull(folders.deletedAt)));
    return new Set(rows.map((r) => r.batch as string));
  }

  /**
   * Brings a batch back. Its top folders return to their parent when it is live, otherwise to the
   * root, and take ' (restored)' (then ' (restored 2)', ...) when a live folder there has the name.
   * Files return to their folder when it is live (again), otherwise to the root.
   */
  async restoreBatch(db: Db, ownerId: string, batch: string): Promise<{ files: number; folders: number }> {
    const tops = rowsOf<{ id: string; name: string; parent_live: string | null }>(
      await db.execute(sql`
        select d.id, d.name,
          (select p.id from ${folders} p where p.id = d.parent_id and p.owner_id = ${ownerId} and p.deleted_at is null) as parent_live
        from ${folders} d
        where d.owner_id = ${ownerId} and d.delete_batch = ${batch}::uuid and d.deleted_at is not null
          and not exists (select 1 from ${folders} p where p.id = d.parent_id and p.delete_batch = d.delete_batch)
      `),
    );
    for (const top of tops) {
      const name = await this.freeName(db, ownerId, top.parent_live, top.name);
      await db.update(folders).set({ parentId: top.parent_live, name }).where(eq(folders.id, top.id));
    }
    const restoredFolders = await db
      .update(folders)
      .set({ deletedAt: null, deleteBatch: null, updatedAt: sql`now()` })
      .where(and(eq(folders.ownerId, ownerId), eq(folders.deleteBatch, batch), isNotNull(folders.deletedAt)))
      .returning({ id: folders.id });
    const restoredFiles = await db
      .update(files)
      .set({
        deletedAt: null,
        deleteBatch: null,
        updatedAt: sql`now()`,
        folderId: sql`case when exists (
          select 1 from ${folders} p where p.id = ${files.folderId} and p.owner_id = ${ownerId} and p.deleted_at is null
        ) then ${files.folderId} else null end`,
      })
      .where(and(eq(files.ownerId, ownerId), eq(files.deleteBatch, batch), isNotNull(files.deletedAt)))
      .returning({ id: files.id });
    return { files: restoredFiles.length, folders: restoredFolders.length };
  }

  private async freeName(db: Db, ownerId: string, parentId: string | null, name: string): Promise<string> {
    const taken = new Set(
      (
        await db
          .select({ name: folders.name })
          .from(folders)
          .where(
            and(
              eq(folders.ownerId, ownerId),
              parentId ? eq(folders.parentId, parentId) : sql`${folders.parentId} is null`,
              sql`${folders.deletedAt} is null`,
              sql`(${folders.name} = ${name} or starts_with(${folders.name}, ${`${name} (restored`}))`,
            ),
          )
      ).map((r) => r.name),
    );
    if (!taken.has(name)) return name;
    for (let i = 1; ; i++) {
      const candidate = i === 1 ? `${name} (restored)` : `${name} (restored ${i})`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  /**
   * Deletes up to `limit` binned file rows of the batches (returning what the quota and blob
   * references need); the caller releases blobs and adjusts storage in the same transaction.
   *
   * The rows' blobs are locked first, in id order: an upload locks its blob before its file row's
   * triggers lock the owner's totals (migration 0015), so a purge must not hold those totals (its
   * delete's triggers) while it waits for a blob.
   */
  async deleteFiles(db: Db, batches: string[], limit: number): Promise<PurgedFile[]> {
    const doomed = rowsOf<{ id: string; blob_id: string }>(
      await db.execute(sql`
        select id, blob_id from ${files}
        where delete_batch in (${uuidList(batches)}) and deleted_at is not null
        limit ${limit}
        for update
      `),
    );
    if (doomed.length === 0) return [];
    await db.execute(sql`
      select id from ${blobs} where id in (${uuidList([...new Set(doomed.map((r) => r.blob_id))])})
      order by id for update
    `);
    const result = await db.execute(sql`
      delete from ${files} where id in (${uuidList(doomed.map((r) => r.id))})
      returning owner_id, blob_id, size
    `);
    return rowsOf<{ owner_id: string; blob_id: string; size: number | string }>(result).map((r) => ({
      ownerId: r.owner_id,
      blobId: r.blob_id,
      size: Number(r.size),
    }));
  }

  /** Deletes the binned folders of the batches (their files are gone by now) and their zeroed counts. */
  async deleteFolders(db: Db, batches: string[]): Promise<number> {
    const rows = await db
      .delete(folders)
      .where(and(inArray(folders.deleteBatch, batches), isNotNull(folders.deletedAt)))
      .returning({ id: folders.id, ownerId: folders.ownerId });
    if (rows.length > 0) {
      await db.delete(folderFileCounts).where(
        inArray(
          folderFileCounts.folderKey,
          rows.map((r) => r.id),
        ),
      );
    }
    return rows.length;
  }
}
