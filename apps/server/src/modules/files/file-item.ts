import type { FileItem } from '@stratos/contracts/files/file.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { files } from '../../db/schema/index';

/** The display path of the root folder. */
export const ROOT_PATH = '/My Files';
/** Folder chains deeper than this are cut (a guard against a cycle, which moves must prevent). */
const MAX_DEPTH = 64;

export type FileRow = typeof files.$inferSelect;

/** A file row as every reply shows it (contract `fileSchema`); `path` is its folder's display path. */
export function toFileItem(
  row: Pick<FileRow, 'id' | 'name' | 'size' | 'mimeType' | 'createdAt' | 'folderId' | 'checksum'>,
  path: string,
): FileItem {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    type: row.mimeType,
    uploadDate: new Date(row.createdAt).toISOString(),
    path,
    folderId: row.folderId ?? null,
    checksum: row.checksum,
  };
}

/** The owner's folders from the root down to `folderId` (empty at the root or when not theirs). */
export async function folderChain(
  db: Db,
  ownerId: string,
  folderId: string | null | undefined,
): Promise<{ id: string; name: string }[]> {
  if (!folderId) return [];
  const result = await db.execute(sql`
    with recursive chain (id, parent_id, name, depth) as (
      select id, parent_id, name, 0 from folders where id = ${folderId} and owner_id = ${ownerId}
      union all
      select f.id, f.parent_id, f.name, c.depth + 1
      from folders f join chain c on f.id = c.parent_id
      where f.owner_id = ${ownerId} and c.depth < ${MAX_DEPTH}
    )
    select id, name from chain order by depth desc
  `);
  return (result as unknown as { rows: { id: string; name: string }[] }).rows;
}

/** '/My Files' at the root, otherwise '/My Files/<folder>/<sub folder>'. */
export async function folderPath(
  db: Db,
  ownerId: string,
  folderId: string | null | undefined,
): Promise<string> {
  const chain = await folderChain(db, ownerId, folderId);
  return chainToPath(chain);
}

export function chainToPath(chain: { name: string }[]): string {
  return chain.length === 0 ? ROOT_PATH : `${ROOT_PATH}/${chain.map((f) => f.name).join('/')}`;
}
