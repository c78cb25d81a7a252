import type { FileItem, FileListReply, fileListQuerySchema } from '@stratos/contracts/files/file.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { containsPattern } from '../admin/like-pattern';
import { type DownloadableFile, DownloadRepository } from './download.repository';
import { chainToPath, folderPath, toFileItem } from './file-item';
import { FilesRepository } from './files.repository';
import { FoldersRepository } from './folders.repository';

type ListQuery = z.output<typeof fileListQuerySchema>;

/**
 * Above this many files in a folder, a search does not count all its matches (a scan of the whole
 * folder, ~0.5 µs a row on PGlite): the total is then a lower bound that grows as pages load.
 */
export const SEARCH_EXACT_COUNT_MAX_FILES = 5_000;

export const FILE_NOT_FOUND = 'File not found';
export const FOLDER_NOT_FOUND = 'Folder not found';

export class FilesService {
  private readonly files: FilesRepository;
  private readonly folders: FoldersRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.files = new FilesRepository(db);
    this.folders = new FoldersRepository(db);
  }

  /**
   * A page of a folder's live files, its subfolders and breadcrumb: one statement, on indexes.
   * Another user's folder is a 404.
   */
  async list(ownerId: string, q: ListQuery): Promise<FileListReply & { totalFilesExact: boolean }> {
    const folderId = q.folderId ?? null;
    const like = q.search ? containsPattern(q.search) : undefined;
    const tag = q.tag;
    // A search or a tag filter: the folder's count is not the answer's.
    const filtered = Boolean(like || tag);
    const { meta, files: rows } = await this.files.listing({
      ownerId,
      folderId,
      like,
      tag,
      sort: q.sort,
      direction: q.direction,
      // With a filter, one row more than the page tells whether more matches follow.
      limit: filtered ? q.limit + 1 : q.limit,
      offset: q.offset,
    });
    if (!meta.breadcrumb) throw notFound(FOLDER_NOT_FOUND);
    const more = rows.length > q.limit;
    if (more) rows.pop();

    let totalFiles = meta.liveFiles;
    let totalFilesExact = true;
    if (filtered) {
      if (!more && (rows.length > 0 || q.offset === 0)) {
        totalFiles = q.offset + rows.length;
      } else if (meta.liveFiles <= SEARCH_EXACT_COUNT_MAX_FILES || rows.length === 0) {
        totalFiles = await this.files.countMatching(ownerId, folderId, like, tag);
      } else {
        totalFiles = q.offset + rows.length + 1;
        totalFilesExact = false;
      }
    }

    const path = chainToPath(meta.breadcrumb);
    return {
      success: true,
      files: rows.map((r) => ({ ...r, path })),
      folders: meta.subfolders.map((f) => ({
        id: f.id,
        name: f.name,
        parentId: f.parentId,
        createdAt: new Date(f.createdAt).toISOString(),
      })),
      totalFiles,
      totalFilesExact,
      breadcrumb: meta.breadcrumb,
    };
  }

  /** Renames and/or moves a live file; the target folder must be a live folder of the owner. */
  /** A live file of the owner with its blob's storage key (to read its bytes); null otherwise. */
  findLive(ownerId: string, fileId: string): Promise<DownloadableFile | null> {
    return new DownloadRepository(this.db).findLive(ownerId, fileId);
  }

  async update(
    ownerId: string,
    id: string,
    patch: { name?: string; folderId?: string | null },
  ): Promise<FileItem> {
    const row = await this.db.transaction(async (tx) => {
      if (patch.folderId && !(await this.folders.findLive(ownerId, patch.folderId, tx))) {
        throw notFound(FOLDER_NOT_FOUND);
      }
      const updated = await this.files.update(tx, ownerId, id, patch);
      if (!updated) throw notFound(FILE_NOT_FOUND);
      return updated;
    });
    return toFileItem(row, await folderPath(this.db, ownerId, row.folderId));
  }

  /** Moves a live file to the recycle bin on its own. */
  async remove(ownerId: string, id: string): Promise<void> {
    const n = await this.files.binEach(this.db, ownerId, [id], this.clock.now());
    if (n === 0) throw notFound(FILE_NOT_FOUND);
  }
}

export const folderCycle = () =>
  new AppError(400, 'FOLDER_CYCLE', 'A folder cannot be moved into itself or one of its subfolders');
