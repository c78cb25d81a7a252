import type { FolderItem } from '@stratos/contracts/files/file.schema';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, folders } from '../../db/schema/index';

export type FolderRow = typeof folders.$inferSelect;

/** Folder chains deeper than this are cut: moves refuse cycles, so this only guards a bug. */
export const MAX_FOLDER_DEPTH = 64;

export function toFolderItem(row: Pick<FolderRow, 'id' | 'name' | 'parentId' | 'createdAt'>): FolderItem {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** SQL of the folders table. Every query is scoped to an owner: another user's id finds nothing. */
export class FoldersRepository {
  constructor(private readonly db: Db) {}

  async findLive(ownerId: string, id: string, db: Db = this.db): Promise<FolderRow | undefined> {
    const rows = await db
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), eq(folders.ownerId, ownerId), isNull(folders.deletedAt)));
    return rows[0];
  }

  /** The live folders among `ids` (locked until the transaction ends when `forUpdate`). */
  async findLiveMany(db: Db, ownerId: string, ids: string[]): Promise<FolderRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(folders)
      .where(and(inArray(folders.id, ids), eq(folders.ownerId, ownerId), isNull(folders.deletedAt)))
      .for('update');
  }

  async insert(
    db: Db,
    values: { ownerId: string; parentId: string | null; name: string },
  ): Promise<FolderRow> {
    const rows = await db.insert(folders).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('folder insert returned no row');
    return row;
  }

  async update(
    db: Db,
    ownerId: string,
    id: string,
    patch: { name?: string; parentId?: string | null },
  ): Promise<FolderRow | undefined> {
    const rows = await db
      .update(folders)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(folders.id, id), eq(folders.ownerId, ownerId), isNull(folders.deletedAt)))
      .returning();
    return rows[0];
  }

  /** Moves many live folders under one parent (the caller has checked ownership and cycles). */
  async moveMany(db: Db, ownerId: string, ids: string[], parentId: string | null): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .update(folders)
      .set({ parentId, updatedAt: sql`now()` })
      .where(and(inArray(folders.id, ids), eq(folders.ownerId, ownerId), isNull(folders.deletedAt)))
      .returning({ id: folders.id });
    return rows.length;
  }

  /**
   * The ids from `folderId` up to the root (itself first), following live folders only. Used to
   * refuse moving a folder into itself or a descendant: that is the case when the folder being
   * moved is on the target's chain.
   */
  async ancestry(db: Db, ownerId: string, folderId: string): Promise<string[]> {
    const result = await db.execute(sql`
      with recursive chain (id, parent_id, depth) as (
        select id, parent_id, 0 from ${folders}
        where id = ${folderId} and owner_id = ${ownerId} and deleted_at is null
        union all
        select f.id, f.parent_id, c.depth + 1 from ${folders} f join chain c on f.id = c.parent_id
        where f.owner_id = ${ownerId} and c.depth < ${MAX_FOLDER_DEPTH}
      )
      select id from chain order by depth
    `);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

  /**
   * Moves a live folder, its live descendants and the live files in them to the recycle bin
   * under one batch id, in the caller's transaction.
   */
  async binSubtree(
    db: Db,
    ownerId: string,
    rootId: string,
    batch: string,
    at: Date,
  ): Promise<{ folders: number; files: number }> {
    const result = await db.execute(sql`
      with recursive tree (id, depth) as (
        select id, 0 from ${folders} where id = ${rootId} and owner_id = ${ownerId} and deleted_at is null
        union all
        select f.id, t.depth + 1 from ${folders} f join tree t on f.parent_id = t.id
        where f.owner_id = ${ownerId} and f.deleted_at is null and t.depth < ${MAX_FOLDER_DEPTH}
      ),
      binned_folders as (
        update ${folders} set deleted_at = ${at.toISOString()}::timestamptz, delete_batch = ${batch}::uuid, updated_at = now()
        where id in (select id from tree) returning id
      ),
      binned_files as (
        update ${files} set deleted_at = ${at.toISOString()}::timestamptz, delete_batch = ${batch}::uuid, updated_at = now()
        where owner_id = ${ownerId} and deleted_at is null and folder_id in (select id from tree)
        returning id
      )
      select (select count(*) from binned_folders)::int as folders, (select count(*) from binned_files)::int as files
    `);
    const row = rowsOf<{ folders: number; files: number }>(result)[0];
    return { folders: Number(row?.folders ?? 0), files: Number(row?.files ?? 0) };
  }

  /** Live subfolders of `parentId` (the root when null), by name; optionally only names containing `like`. */
  async children(ownerId: string, parentId: string | null, like?: string): Promise<FolderRow[]> {
    return this.db
      .select()
      .from(folders)
      .where(
        and(
          eq(folders.ownerId, ownerId),
          parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId),
          isNull(folders.deletedAt),
          like ? sql`${folders.name} ilike ${like}` : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
  }

  /** Every live folder of the owner by name, at most `max`. */
  async allLive(ownerId: string, max: number): Promise<FolderRow[]> {
    return this.db
      .select()
      .from(folders)
      .where(and(eq(folders.ownerId, ownerId), isNull(folders.deletedAt)))
      .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id))
      .limit(max);
  }

  /** Serialises one owner's folder moves, so two concurrent moves cannot build a cycle together. */
  async lockOwnerTree(db: Db, ownerId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`folders:${ownerId}`}, 0))`);
  }
}
