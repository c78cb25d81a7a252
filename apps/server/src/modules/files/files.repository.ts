import type { FileSort } from '@stratos/contracts/files/file.schema';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { files, folderFileCounts, folders } from '../../db/schema/index';
import type { FileRow, toFileItem } from './file-item';
import { MAX_FOLDER_DEPTH } from './folders.repository';

/** folder_file_counts' key for a user's root. */
export const ROOT_FOLDER_KEY = '00000000-0000-0000-0000-000000000000';

/** What a listing shows of a file: the contract's fields and nothing else is read. */
export const fileItemColumns = {
  id: files.id,
  name: files.name,
  size: files.size,
  mimeType: files.mimeType,
  createdAt: files.createdAt,
  folderId: files.folderId,
  checksum: files.checksum,
};
export type FileItemRow = Parameters<typeof toFileItem>[0];

/** The sort keys, each matching the leading columns of a files_owner_folder_* index after (owner, folder). */
const SORT_KEYS: Record<FileSort, SQL | AnyPgColumn> = {
  name: sql`lower(${files.name})`,
  size: files.size,
  uploadDate: files.createdAt,
  type: files.mimeType,
};

export interface PageQuery {
  ownerId: string;
  folderId: string | null;
  /** An ILIKE pattern (already escaped), or undefined. */
  like?: string;
  sort: FileSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface FolderMeta {
  /** Null when the folder is not a live folder of this owner. */
  breadcrumb: { id: string; name: string }[] | null;
  /** Live files directly in the folder (from folder_file_counts). */
  liveFiles: number;
  subfolders: { id: string; name: string; parentId: string | null; createdAt: string }[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** SQL of the files table for listing, renaming, moving and binning. Every query is scoped to an owner. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of live files in a folder. The filter and order match a partial index
   * (owner, folder, key, id) where deleted_at is null, so a page of a 100,000-file folder reads
   * about `offset + limit` index entries whatever the sort.
   */
  page(q: PageQuery): Promise<FileItemRow[]> {
    const dir = q.direction === 'asc' ? asc : desc;
    return this.db
      .select(fileItemColumns)
      .from(files)
      .where(
        and(
          eq(files.ownerId, q.ownerId),
          q.folderId ? eq(files.folderId, q.folderId) : isNull(files.folderId),
          isNull(files.deletedAt),
          q.like ? sql`${files.name} ilike ${q.like}` : undefined,
        ),
      )
      .orderBy(dir(SORT_KEYS[q.sort]), dir(files.id))
      .limit(q.limit)
      .offset(q.offset);
  }

  /** Live files in a folder whose name matches `like`: a scan of the folder, so callers bound it. */
  async countMatching(ownerId: string, folderId: string | null, like: string): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(
        and(
          eq(files.ownerId, ownerId),
          folderId ? eq(files.folderId, folderId) : isNull(files.folderId),
          isNull(files.deletedAt),
          sql`${files.name} ilike ${like}`,
        ),
      );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Everything a listing needs besides the page, in one statement: the folder's chain from the
   * root (which also proves the folder is a live folder of this owner), its live file count and
   * its live subfolders (filtered by `like`).
   */
  async folderMeta(ownerId: string, folderId: string | null, like?: string): Promise<FolderMeta> {
    const chain = folderId
      ? sql`
        with recursive chain (id, parent_id, name, depth) as (
          select id, parent_id, name, 0 from ${folders}
          where id = ${folderId} and owner_id = ${ownerId} and deleted_at is null
          union all
          select f.id, f.parent_id, f.name, c.depth + 1 from ${folders} f join chain c on f.id = c.parent_id
          where f.owner_id = ${ownerId} and c.depth < ${MAX_FOLDER_DEPTH}
        )`
      : sql`with chain (id, name, depth) as (select null::uuid, null::text, 0 where false)`;
    const result = await this.db.execute(sql`
      ${chain}
      select
        (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by depth desc), '[]'::json)
           from chain) as breadcrumb,
        ${folderId ? sql`exists (select 1 from chain)` : sql`true`} as found,
        (select live_files from ${folderFileCounts}
           where owner_id = ${ownerId} and folder_key = ${folderId ?? ROOT_FOLDER_KEY}) as live_files,
        (select coalesce(json_agg(json_build_object(
            'id', id, 'name', name, 'parentId', parent_id, 'createdAt', created_at) order by lower(name), id), '[]'::json)
           from ${folders}
           where owner_id = ${ownerId} and deleted_at is null
             and ${folderId ? sql`parent_id = ${folderId}` : sql`parent_id is null`}
             ${like ? sql`and name ilike ${like}` : sql``}) as subfolders
    `);
    const row = rowsOf<{
      breadcrumb: unknown;
      found: boolean;
      live_files: number | string | null;
      subfolders: unknown;
    }>(result)[0];
    const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    return {
      breadcrumb: row?.found ? parse(row.breadcrumb) : null,
      liveFiles: Number(row?.live_files ?? 0),
      subfolders: row ? parse(row.subfolders) : [],
    };
  }

  async findLive(ownerId: string, id: string, db: Db = this.db): Promise<FileRow | undefined> {
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.ownerId, ownerId), isNull(files.deletedAt)));
    return rows[0];
  }

  /** Ids among `ids` that are live files of this owner, locked until the transaction ends. */
  async lockLive(db: Db, ownerId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, ids), eq(files.ownerId, ownerId), isNull(files.deletedAt)))
      .for('update');
    return rows.map((r) => r.id);
  }

  async update(
    db: Db,
    ownerId: string,
    id: string,
    patch: { name?: string; folderId?: string | null },
  ): Promise<FileRow | undefined> {
    const rows = await db
      .update(files)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(files.id, id), eq(files.ownerId, ownerId), isNull(files.deletedAt)))
      .returning();
    return rows[0];
  }

  async moveMany(db: Db, ownerId: string, ids: string[], folderId: string | null): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .update(files)
      .set({ folderId, updatedAt: sql`now()` })
      .where(and(inArray(files.id, ids), eq(files.ownerId, ownerId), isNull(files.deletedAt)))
      .returning({ id: files.id });
    return rows.length;
  }

  /** Moves live files to the recycle bin, each under a batch of its own (it was deleted alone). */
  async binEach(db: Db, ownerId: string, ids: string[], at: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .update(files)
      .set({ deletedAt: at, deleteBatch: sql`gen_random_uuid()`, updatedAt: sql`now()` })
      .where(and(inArray(files.id, ids), eq(files.ownerId, ownerId), isNull(files.deletedAt)))
      .returning({ id: files.id });
    return rows.length;
  }
}
