import type { FileSort } from '@stratos/contracts/files/file.schema';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';
import type { FileRow, toFileItem } from './file-item';

/** What a listing shows of a file: the contract's fields and nothing else is read. */
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
/** json columns arrive parsed from both drivers; a string is parsed, just in case. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** SQL of the files table for listing, renaming, moving and binning. Every query is scoped to an owner. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of live files in a folder. The filter and order match a partial index
   * (owner, folder, key, id) where deleted_at is null, so a page of a 100,000-file folder reads
   * about `offset + limit` index entries whatever the sort. The page comes back as one JSON value:
   * on PGlite that is ~40% cheaper than 50 rows through the wire protocol.
   */
  async page(q: PageQuery): Promise<FileItemRow[]> {
    const key = SORT_KEYS[q.sort];
    const dir = q.direction === 'asc' ? sql`asc` : sql`desc`;
    const result = await this.db.execute(sql`
      select coalesce(json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'size', p.size, 'mimeType', p.mime_type,
          'createdAt', p.created_at, 'folderId', p.folder_id, 'checksum', p.checksum
        ) order by p.sort_key ${dir}, p.id ${dir}), '[]'::json) as page
      from (
        select id, name, size, mime_type, created_at, folder_id, checksum, ${key} as sort_key
        from ${files}
        where owner_id = ${q.ownerId}
          and ${q.folderId ? sql`folder_id = ${q.folderId}` : sql`folder_id is null`}
          and deleted_at is null
          ${q.like ? sql`and name ilike ${q.like}` : sql``}
        order by ${key} ${dir}, id ${dir}
        limit ${q.limit} offset ${q.offset}
      ) p
    `);
    const rows = json<(Omit<FileItemRow, 'createdAt'> & { createdAt: string })[]>(
      rowsOf<{ page: unknown }>(result)[0]?.page,
    );
    return rows.map((r) => ({ ...r, size: Number(r.size), createdAt: new Date(r.createdAt) }));
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
   * Everything a listing needs besides the page, in one call of files_folder_meta (migration
   * 0005, whose plans PostgreSQL keeps per session): the folder's chain from the root (which also
   * proves it is a live folder of this owner), its live file count and its live subfolders
   * (filtered by `like`).
   */
  async folderMeta(ownerId: string, folderId: string | null, like?: string): Promise<FolderMeta> {
    const result = await this.db.execute(
      sql`select files_folder_meta(${ownerId}::uuid, ${folderId}::uuid, ${like ?? null}::text) as meta`,
    );
    const meta = json<{
      breadcrumb: FolderMeta['breadcrumb'];
      liveFiles: number;
      subfolders: FolderMeta['subfolders'];
    } | null>(rowsOf<{ meta: unknown }>(result)[0]?.meta);
    if (!meta) return { breadcrumb: null, liveFiles: 0, subfolders: [] };
    return { breadcrumb: meta.breadcrumb, liveFiles: Number(meta.liveFiles), subfolders: meta.subfolders };
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
