import type { FileItem, FileSort } from '@stratos/contracts/files/file.schema';
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
  /** Only files carrying this tag, or undefined. */
  tag?: string;
  sort: FileSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A listing is named and prepared while it reads at most this many rows (offset + limit). */
const PREPARED_ROWS_MAX = 1024;
/** The smallest literal row limit of a prepared listing's index scan (powers of two up to the max). */
const PREPARED_ROWS_MIN = 64;
const p = sql.placeholder;

type ListingStatement = ReturnType<ReturnType<FilesRepository['listingQuery']>['prepare']>;

export interface Listing {
  meta: FolderMeta;
  /** The page as replies show files, but for the folder's path; empty when the folder is not the owner's. */
  files: Omit<FileItem, 'path'>[];
}

export interface FolderMeta {
  /** Null when the folder is not a live folder of this owner. */
  breadcrumb: { id: string; name: string }[] | null;
  /** Live files directly in the folder (from folder_file_counts). */
  liveFiles: number;
  subfolders: { id: string; name: string; parentId: string | null; createdAt: string }[];
}

/** json columns arrive parsed from both drivers; a string is parsed, just in case. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** SQL of the files table for listing, renaming, moving and binning. Every query is scoped to an owner. */
export class FilesRepository {
  /** Named listing statements by name: at most 4 sorts x 2 directions x root or not x 5 buckets. */
  private readonly listings = new Map<string, ListingStatement>();

  constructor(private readonly db: Db) {}

  /**
   * A page of live files in a folder with everything else a listing shows (see FolderMeta), in
   * one statement: the page (a JSON value: on PGlite ~40% cheaper than 50 rows through the wire
   * protocol) beside a call of files_folder_meta (migration 0005, whose inner plans PostgreSQL keeps
   * per session). The filter and order match a partial index (owner, folder, key, id) where
   * deleted_at is null, so a page of a 100,000-file folder reads about `offset + limit` index
   * entries whatever the sort.
   *
   * Without a search, and within the first PREPARED_ROWS_MAX rows, the statement is a named
   * server-side one, parsed and planned once per connection (node-postgres; db/pglite-prepared.ts
   * on PGlite). Its index scan stops at a literal bucket of rows (64, 128, ... 1024) and the
   * exact limit and offset apply on top: with a parameter as the scan's limit PostgreSQL's generic
   * plan assumes a tenth of the folder is wanted, costs it far above a custom plan and so plans
   * every execution again. Measured per listing against the page and the meta as two ad-hoc
   * statements (at once, on two pool connections, on PostgreSQL): ~0.8 -> ~0.5 ms there, ~1.45 ->
   * ~0.6 ms on PGlite. A search (its plan depends on the pattern) and a deep page are planned on
   * every call with their values, as ad-hoc statements.
   */
  async listing(q: PageQuery): Promise<Listing> {
    const values = {
      owner: q.ownerId,
      folder: q.folderId,
      like: q.like ?? null,
      tag: q.tag ?? null,
      limit: q.limit,
      offset: q.offset,
    };
    const rows = q.offset + q.limit;
    let result: { meta: unknown; page: unknown }[];
    if (!q.like && !q.tag && rows <= PREPARED_ROWS_MAX) {
      let bucket = PREPARED_ROWS_MIN;
      while (bucket < rows) bucket *= 2;
      const name = `files_listing_${q.sort}_${q.direction}_${q.folderId ? 'folder' : 'root'}_${bucket}`;
      let statement = this.listings.get(name);
      if (!statement) {
        statement = this.listingQuery(q, bucket).prepare(name);
        this.listings.set(name, statement);
      }
      result = await statement.execute(values);
    } else {
      result = await this.listingQuery(q).execute(values);
    }
    const row = result[0];
    const meta = json<{
      breadcrumb: FolderMeta['breadcrumb'];
      liveFiles: number;
      subfolders: FolderMeta['subfolders'];
    } | null>(row?.meta);
    return {
      meta: meta
        ? { breadcrumb: meta.breadcrumb, liveFiles: Number(meta.liveFiles), subfolders: meta.subfolders }
        : { breadcrumb: null, liveFiles: 0, subfolders: [] },
      // A folder that is not the owner's has no live files of theirs: the page is empty.
      files: json<Listing['files']>(row?.page ?? []),
    };
  }

  /** The listing statement with placeholders; `bucket`: the index scan's literal row limit. */
  private listingQuery(
    q: Pick<PageQuery, 'folderId' | 'like' | 'tag' | 'sort' | 'direction'>,
    bucket?: number,
  ) {
    const key = SORT_KEYS[q.sort];
    const dir = q.direction === 'asc' ? sql`asc` : sql`desc`;
    const filtered = sql`
      select id, name, size, mime_type, created_at, folder_id, checksum, ${key} as sort_key
      from ${files}
      where owner_id = ${p('owner')}
        and ${q.folderId ? sql`folder_id = ${p('folder')}` : sql`folder_id is null`}
        and deleted_at is null
        ${q.like ? sql`and name ilike ${p('like')}` : sql``}
        ${q.tag ? sql`and exists (select 1 from file_tags t where t.file_id = ${files}.id and t.tag = ${p('tag')})` : sql``}
      order by ${key} ${dir}, id ${dir}`;
    const page =
      bucket === undefined
        ? sql`${filtered} limit ${p('limit')} offset ${p('offset')}`
        : sql`select * from (${filtered} limit ${sql.raw(String(bucket))}) b
            order by b.sort_key ${dir}, b.id ${dir} limit ${p('limit')} offset ${p('offset')}`;
    return this.db
      .select({
        meta: sql<unknown>`files_folder_meta(${p('owner')}::uuid, ${p('folder')}::uuid, ${p('like')}::text)`,
        // uploadDate as Date.toISOString() writes it (both truncate to milliseconds): formatting
        // 50 dates here costs the database ~10 us, parsing them in JavaScript ~80 us.
        page: sql<unknown>`coalesce(json_agg(json_build_object(
            'id', p.id, 'name', p.name, 'size', p.size, 'type', p.mime_type,
            'uploadDate', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'folderId', p.folder_id, 'checksum', p.checksum,
            -- The page's tags in the same statement: one index probe (file_tags' key) per row, and
            -- none at all for an owner without tags (the exists is evaluated once, an InitPlan).
            'tags', case when (select exists (select 1 from file_tags o where o.owner_id = ${p('owner')}::uuid))
              then coalesce((select json_agg(t.tag order by t.tag) from file_tags t where t.file_id = p.id), '[]'::json)
              else '[]'::json end
          ) order by p.sort_key ${dir}, p.id ${dir}), '[]'::json)`,
      })
      .from(sql`(${page}) p`);
  }

  /**
   * Live files in a folder whose name matches `like` and that carry `tag` (either may be absent):
   * a scan of the folder, so callers bound it.
   */
  async countMatching(
    ownerId: string,
    folderId: string | null,
    like: string | undefined,
    tag?: string,
  ): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(
        and(
          eq(files.ownerId, ownerId),
          folderId ? eq(files.folderId, folderId) : isNull(files.folderId),
          isNull(files.deletedAt),
          like ? sql`${files.name} ilike ${like}` : undefined,
          tag
            ? sql`exists (select 1 from file_tags t where t.file_id = ${files.id} and t.tag = ${tag})`
            : undefined,
        ),
      );
    return Number(rows[0]?.n ?? 0);
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
