import type { Db } from '../../db/client';
import { FileCatalogRepository } from './file-catalog.repository';
import { chainToPath } from './file-item';
import { FileTagsRepository } from './file-tags.repository';

export interface CatalogEntry {
  id: string;
  name: string;
  type: string;
  size: number;
  path: string;
  folderId: string | null;
  tags: string[];
  updatedAt: string;
}

/** A user's files and folders across the whole account: what a picker or an assistant chooses from. */
export class FileCatalogService {
  private readonly catalog: FileCatalogRepository;
  private readonly tags: FileTagsRepository;

  constructor(db: Db) {
    this.catalog = new FileCatalogRepository(db);
    this.tags = new FileTagsRepository(db);
  }

  /** The user's live files among `ids`, in the order asked; null when any is not one. */
  async ownLiveFiles(ownerId: string, ids: string[]): Promise<{ id: string; name: string }[] | null> {
    const unique = [...new Set(ids)];
    const rows = await this.catalog.liveByIds(ownerId, unique);
    if (rows.length !== unique.length) return null;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.map((id) => byId.get(id) as { id: string; name: string });
  }

  /** Live folders with display paths ('/My Files/a/b'), by path. */
  async folders(ownerId: string, limit = 500): Promise<{ id: string; path: string }[]> {
    const rows = await this.catalog.liveFolders(ownerId, limit);
    return rows.map((f) => ({ id: f.id, path: chainToPath(f.names.map((name) => ({ name }))) }));
  }

  /** The most recently changed live files (or those whose name contains `search`), with path and tags. */
  async recentFiles(ownerId: string, search?: string, limit = 50): Promise<CatalogEntry[]> {
    const [files, folders] = await Promise.all([
      this.catalog.recentFiles(ownerId, search, limit),
      this.folders(ownerId),
    ]);
    const paths = new Map(folders.map((f) => [f.id, f.path]));
    const tags = await this.tags.tagsOf(
      ownerId,
      files.map((f) => f.id),
    );
    return files.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.mimeType,
      size: f.size,
      path: f.folderId ? (paths.get(f.folderId) ?? chainToPath([])) : chainToPath([]),
      folderId: f.folderId,
      tags: tags.get(f.id) ?? [],
      updatedAt: f.updatedAt.toISOString(),
    }));
  }
}
