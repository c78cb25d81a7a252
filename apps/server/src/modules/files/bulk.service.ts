import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { FilesRepository } from './files.repository';
import { FILE_NOT_FOUND, FOLDER_NOT_FOUND, folderCycle } from './files.service';
import { FoldersRepository } from './folders.repository';
import { uniqueName } from './folders.service';

export interface BulkItems {
  fileIds: string[];
  folderIds: string[];
}

export interface BulkResult {
  files: number;
  folders: number;
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * Moves or deletes many items in one transaction, all or nothing: any id that is not a live item
 * of the caller (another user's, unknown, already binned) answers 404 and changes nothing.
 */
export class BulkService {
  private readonly files: FilesRepository;
  private readonly folders: FoldersRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.files = new FilesRepository(db);
    this.folders = new FoldersRepository(db);
  }

  async move(ownerId: string, items: BulkItems, targetFolderId: string | null): Promise<BulkResult> {
    const fileIds = unique(items.fileIds);
    const folderIds = unique(items.folderIds);
    return uniqueName(
      this.db.transaction(async (tx) => {
        await this.folders.lockOwnerTree(tx, ownerId);
        await this.lockAll(tx, ownerId, fileIds, folderIds);
        if (targetFolderId) {
          const chain = await this.folders.ancestry(tx, ownerId, targetFolderId);
          if (chain.length === 0) throw notFound(FOLDER_NOT_FOUND);
          if (folderIds.some((id) => chain.includes(id))) throw folderCycle();
        }
        await this.files.moveMany(tx, ownerId, fileIds, targetFolderId);
        await this.folders.moveMany(tx, ownerId, folderIds, targetFolderId);
        return { files: fileIds.length, folders: folderIds.length };
      }),
    );
  }

  /**
   * Each folder (with its contents) and each file goes to the recycle bin as an item of its own,
   * so the bin lists them as they were chosen and each can be restored alone.
   */
  async remove(ownerId: string, items: BulkItems): Promise<BulkResult> {
    const fileIds = unique(items.fileIds);
    const folderIds = unique(items.folderIds);
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      await this.folders.lockOwnerTree(tx, ownerId);
      await this.lockAll(tx, ownerId, fileIds, folderIds);
      // A chosen folder inside another chosen folder is already binned with it: skip it.
      for (const id of folderIds) await this.folders.binSubtree(tx, ownerId, id, crypto.randomUUID(), at);
      await this.files.binEach(tx, ownerId, fileIds, at);
      return { files: fileIds.length, folders: folderIds.length };
    });
  }

  private async lockAll(tx: Db, ownerId: string, fileIds: string[], folderIds: string[]) {
    const liveFiles = await this.files.lockLive(tx, ownerId, fileIds);
    if (liveFiles.length !== fileIds.length) throw notFound(FILE_NOT_FOUND);
    const liveFolders = await this.folders.findLiveMany(tx, ownerId, folderIds);
    if (liveFolders.length !== folderIds.length) throw notFound(FOLDER_NOT_FOUND);
  }
}
