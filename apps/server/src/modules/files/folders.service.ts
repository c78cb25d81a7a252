import { FOLDER_TREE_MAX, type FolderItem } from '@stratos/contracts/files/file.schema';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/pg-error';
import { FOLDER_NOT_FOUND, folderCycle } from './files.service';
import { FoldersRepository, toFolderItem } from './folders.repository';

export const FOLDER_NAME_TAKEN = 'A folder with this name already exists';

/** Turns the live-name unique index's refusal into the user's 409. */
export async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(FOLDER_NAME_TAKEN, 'FOLDER_EXISTS');
    throw err;
  }
}

export class FoldersService {
  private readonly folders: FoldersRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.folders = new FoldersRepository(db);
  }

  /** The owner's whole live folder tree, flat; `truncated` past FOLDER_TREE_MAX folders. */
  async tree(ownerId: string): Promise<{ folders: FolderItem[]; truncated: boolean }> {
    const rows = await this.folders.allLive(ownerId, FOLDER_TREE_MAX + 1);
    return {
      folders: rows.slice(0, FOLDER_TREE_MAX).map(toFolderItem),
      truncated: rows.length > FOLDER_TREE_MAX,
    };
  }

  async create(ownerId: string, name: string, parentId: string | null): Promise<FolderItem> {
    const row = await uniqueName(
      this.db.transaction(async (tx) => {
        if (parentId && !(await this.folders.findLive(ownerId, parentId, tx)))
          throw notFound(FOLDER_NOT_FOUND);
        return this.folders.insert(tx, { ownerId, parentId, name });
      }),
    );
    return toFolderItem(row);
  }

  /** Renames and/or moves a folder; never into itself or below itself. */
  async update(
    ownerId: string,
    id: string,
    patch: { name?: string; parentId?: string | null },
  ): Promise<FolderItem> {
    const row = await uniqueName(
      this.db.transaction(async (tx) => {
        if (patch.parentId !== undefined) {
          await this.folders.lockOwnerTree(tx, ownerId);
          if (!(await this.folders.findLive(ownerId, id, tx))) throw notFound(FOLDER_NOT_FOUND);
          if (patch.parentId) {
            const chain = await this.folders.ancestry(tx, ownerId, patch.parentId);
            if (chain.length === 0) throw notFound(FOLDER_NOT_FOUND);
            if (chain.includes(id)) throw folderCycle();
          }
        }
        const updated = await this.folders.update(tx, ownerId, id, patch);
        if (!updated) throw notFound(FOLDER_NOT_FOUND);
        return updated;
      }),
    );
    return toFolderItem(row);
  }

  /** The folder, its subfolders and all their files go to the recycle bin together (one batch). */
  async remove(ownerId: string, id: string): Promise<void> {
    const batch = crypto.randomUUID();
    const at = this.clock.now();
    const n = await this.db.transaction(async (tx) => {
      await this.folders.lockOwnerTree(tx, ownerId);
      return this.folders.binSubtree(tx, ownerId, id, batch, at);
    });
    if (n.folders === 0) throw notFound(FOLDER_NOT_FOUND);
  }
}
