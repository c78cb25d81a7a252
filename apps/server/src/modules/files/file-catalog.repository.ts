import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../admin/like-pattern';

export interface CatalogFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  folderId: string | null;
  updatedAt: Date;
}

export interface CatalogFolder {
  id: string;
  /** Folder names from the root down, joined by '/'. */
  names: string[];
}

/** A uuid[] literal (the ids are validated uuids): a JS array would be spread into separate parameters. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Whole-account views of a user's live files and folders (not one folder at a time). */
export class FileCatalogRepository {
  constructor(private readonly db: Db) {}

  /** The user's most recently changed live files, optionally whose name contains `search`. */
  async recentFiles(ownerId: string, search: string | undefined, limit: number): Promise<CatalogFile[]> {
    const like = search ? containsPattern(search) : null;
    const rows = rowsOf<{
      id: string;
      name: string;
      mime_type: string;
      size: number | string;
      folder_id: string | null;
      updated_at: Date | string;
    }>(
      await this.db.execute(sql`
        select id, name, mime_type, size, folder_id, updated_at from files
        where owner_id = ${ownerId} and deleted_at is null
          ${like ? sql`and name ilike ${like}` : sql``}
        order by updated_at desc, id limit ${limit}`),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      mimeType: r.mime_type,
      size: Number(r.size),
      folderId: r.folder_id,
      updatedAt: new Date(r.updated_at),
    }));
  }

  /** Those of `ids` that are live files of the user, with their names. */
  async liveByIds(ownerId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
    if (ids.length === 0) return [];
    return rowsOf<{ id: string; name: string }>(
      await this.db.execute(sql`
        select id, name from files
        where owner_id = ${ownerId} and deleted_at is null and id = any(${uuidArray(ids)}::uuid[])`),
    );
  }

  /**
   * Every live folder of the user with its chain of names from the root (a folder under a binned
   * one is binned with it, so the walk from live roots reaches exactly the live folders).
   */
  async liveFolders(ownerId: string, limit: number): Promise<CatalogFolder[]> {
    const rows = rowsOf<{ id: string; names: string[] }>(
      await this.db.execute(sql`
        with recursive tree (id, names, depth) as (
          select id, array[name]::text[], 0 from folders
          where owner_id = ${ownerId} and parent_id is null and deleted_at is null
          union all
          select f.id, t.names || f.name, t.depth + 1 from folders f join tree t on f.parent_id = t.id
          where f.owner_id = ${ownerId} and f.deleted_at is null and t.depth < 64
        )
        select id, names from tree order by array_to_string(names, '/') limit ${limit}`),
    );
    return rows;
  }
}
