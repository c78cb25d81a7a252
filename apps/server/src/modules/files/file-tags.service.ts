import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { FileTagsRepository } from './file-tags.repository';
import { FilesRepository } from './files.repository';
import { FILE_NOT_FOUND } from './files.service';

/**
 * Tags on a user's own live files. Every call checks the files are the caller's live files first
 * (another user's, unknown or binned: 404) and changes nothing otherwise.
 */
export class FileTagsService {
  private readonly files: FilesRepository;
  private readonly tags: FileTagsRepository;

  constructor(private readonly db: Db) {
    this.files = new FilesRepository(db);
    this.tags = new FileTagsRepository(db);
  }

  /** Adds tags to files, all or nothing; answers each file's tags afterwards. */
  async add(
    ownerId: string,
    fileIds: string[],
    tags: string[],
  ): Promise<{ fileId: string; tags: string[] }[]> {
    const ids = [...new Set(fileIds)];
    const wanted = [...new Set(tags)];
    return this.db.transaction(async (tx) => {
      const live = await this.files.lockLive(tx, ownerId, ids);
      if (live.length !== ids.length) throw notFound(FILE_NOT_FOUND);
      await this.tags.add(tx, ownerId, ids, wanted);
      const after = await this.tags.tagsOf(ownerId, ids, tx);
      return ids.map((fileId) => ({ fileId, tags: after.get(fileId) ?? [] }));
    });
  }

  async remove(ownerId: string, fileIds: string[], tags: string[]): Promise<void> {
    const ids = [...new Set(fileIds)];
    await this.db.transaction(async (tx) => {
      const live = await this.files.lockLive(tx, ownerId, ids);
      if (live.length !== ids.length) throw notFound(FILE_NOT_FOUND);
      await this.tags.remove(tx, ownerId, ids, tags);
    });
  }

  /** Tags of the owner's files (files without tags are absent from the map). */
  tagsOf(ownerId: string, fileIds: string[]): Promise<Map<string, string[]>> {
    return this.tags.tagsOf(ownerId, fileIds);
  }

  counts(ownerId: string) {
    return this.tags.counts(ownerId);
  }
}
