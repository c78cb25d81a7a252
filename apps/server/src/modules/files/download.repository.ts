import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blobs, files } from '../../db/schema/index';

export interface DownloadableFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
}

/** The one read a download needs: a live file of the owner with its blob's storage key. */
export class DownloadRepository {
  constructor(private readonly db: Db) {}

  async findLive(ownerId: string, fileId: string): Promise<DownloadableFile | null> {
    const rows = await this.db
      .select({
        id: files.id,
        name: files.name,
        mimeType: files.mimeType,
        size: blobs.size,
        storageKey: blobs.storageKey,
      })
      .from(files)
      .innerJoin(blobs, eq(blobs.id, files.blobId))
      .where(and(eq(files.id, fileId), eq(files.ownerId, ownerId), isNull(files.deletedAt)));
    const row = rows[0];
    return row ? { ...row, size: Number(row.size) } : null;
  }
}
