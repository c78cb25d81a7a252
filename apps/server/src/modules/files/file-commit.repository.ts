import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, folders } from '../../db/schema/index';
import type { FileRow } from './file-item';

export interface NewFileRow {
  ownerId: string;
  folderId: string | null;
  name: string;
  mimeType: string;
  size: number;
  blobId: string;
  checksum: string;
}

/** The rows an upload writes: the file, in a folder of its owner. */
export class FileCommitRepository {
  /** True when `folderId` is a live (not deleted) folder of `ownerId`. */
  async folderIsOwned(db: Db, ownerId: string, folderId: string): Promise<boolean> {
    const rows = await db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.ownerId, ownerId), isNull(folders.deletedAt)));
    return rows.length === 1;
  }

  /** True when another file of `ownerId` (live or in the recycle bin) has the content `blobId`. */
  async ownsContent(tx: Db, ownerId: string, blobId: string, exceptFileId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.blobId, blobId), eq(files.ownerId, ownerId), ne(files.id, exceptFileId)))
      .limit(1);
    return rows.length === 1;
  }

  async insertFile(tx: Db, row: NewFileRow): Promise<FileRow> {
    const inserted = await tx.insert(files).values(row).returning();
    const file = inserted[0];
    if (!file) throw new Error('file insert returned no row');
    return file;
  }
}
