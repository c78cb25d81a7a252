import type { RecycleActionBody, RecycleItem } from '@stratos/contracts/files/recycle-bin.schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StorageDriver } from '../../storage/storage-driver';
import { BlobStore } from './blob-store.service';
import { ROOT_PATH } from './file-item';
import { FoldersRepository } from './folders.repository';
import { RecycleBinRepository } from './recycle-bin.repository';
import { StorageAccountsRepository } from './storage-accounts.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** File rows purged per transaction: bounds how long one purge holds PGlite's main thread. */
const PURGE_CHUNK = 200;

export const NOT_IN_BIN = 'Item not found in the recycle bin';

export interface ActionResult {
  files: number;
  folders: number;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

export type PurgeProgress = (done: ActionResult & { bytes: number }) => Promise<void> | void;

export class RecycleBinService {
  private readonly repo: RecycleBinRepository;
  private readonly folders: FoldersRepository;
  private readonly blobs: BlobStore;
  private readonly accounts: StorageAccountsRepository;

  constructor(
    private readonly db: Db,
    storage: StorageDriver,
    private readonly clock: Clock,
    log?: Logger,
  ) {
    this.repo = new RecycleBinRepository(db);
    this.folders = new FoldersRepository(db);
    this.blobs = new BlobStore(db, storage, log);
    this.accounts = new StorageAccountsRepository(db);
  }

  async list(
    ownerId: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: RecycleItem[]; total: number; retentionDays: number }> {
    const [{ rows, total }, retentionDays] = await Promise.all([
      this.repo.topLevel(ownerId, page),
      this.repo.retentionDays(),
    ]);
    const parents = [...new Set(rows.map((r) => r.parentId).filter((id): id is string => id !== null))];
    const paths = await this.repo.folderPaths(ownerId, parents);
    return {
      retentionDays,
      total,
      items: rows.map((r) => {
        const chain = r.parentId ? paths.get(r.parentId) : undefined;
        return {
          id: r.id,
          kind: r.kind,
          name: r.name,
          size: r.size,
          type: r.type,
          deletedAt: r.deletedAt.toISOString(),
          purgeAt: new Date(r.deletedAt.getTime() + retentionDays * DAY_MS).toISOString(),
          originalPath: chain?.length ? `${ROOT_PATH}/${chain.join('/')}` : ROOT_PATH,
        };
      }),
    };
  }

  /** Restores each item with everything deleted along with it; all or nothing. */
  async restore(ownerId: string, items: RecycleActionBody['items']): Promise<ActionResult> {
    return this.db.transaction(async (tx) => {
      await this.folders.lockOwnerTree(tx, ownerId);
      const batches = await this.batches(tx, ownerId, items);
      // Folder batches first: a file deleted alone from a folder deleted later goes back into it.
      const withFolders = await this.repo.batchesWithFolders(tx, batches);
      const ordered = [...batches].sort((a, b) => Number(withFolders.has(b)) - Number(withFolders.has(a)));
      const total: ActionResult = { files: 0, folders: 0 };
      for (const batch of ordered) {
        const n = await this.repo.restoreBatch(tx, ownerId, batch);
        total.files += n.files;
        total.folders += n.folders;
      }
      return total;
    });
  }

  /** Deletes the items (with everything deleted along with them) for good. */
  async purge(ownerId: string, items: RecycleActionBody['items']): Promise<ActionResult> {
    const batches = await this.batches(this.db, ownerId, items);
    const done = await this.purgeBatches(batches);
    return { files: done.files, folders: done.folders };
  }

  async empty(ownerId: string): Promise<ActionResult> {
    const done = await this.purgeBatches(await this.repo.allBatches(this.db, ownerId));
    return { files: done.files, folders: done.folders };
  }

  /**
   * Purges every batch deleted longer ago than the retention (any owner), a chunk at a time, until
   * none is left or `signal` aborts.
   */
  async purgeExpired(
    opts: { retentionDays?: number; signal?: AbortSignal; progress?: PurgeProgress } = {},
  ): Promise<ActionResult & { bytes: number }> {
    const days = opts.retentionDays ?? (await this.repo.retentionDays());
    const cutoff = new Date(this.clock.now().getTime() - days * DAY_MS);
    const total = { files: 0, folders: 0, bytes: 0 };
    for (;;) {
      if (opts.signal?.aborted) break;
      const batches = await this.repo.expiredBatches(cutoff, 100);
      if (batches.length === 0) break;
      const done = await this.purgeBatches(batches, opts.signal);
      total.files += done.files;
      total.folders += done.folders;
      total.bytes += done.bytes;
      await opts.progress?.(total);
      if (done.files === 0 && done.folders === 0) break;
    }
    return total;
  }

  private async batches(db: Db, ownerId: string, items: RecycleActionBody['items']): Promise<string[]> {
    const fileIds = [...new Set(items.filter((i) => i.kind === 'file').map((i) => i.id))];
    const folderIds = [...new Set(items.filter((i) => i.kind === 'folder').map((i) => i.id))];
    const [fileBatches, folderBatches] = await Promise.all([
      this.repo.batchesOf(db, ownerId, 'file', fileIds),
      this.repo.batchesOf(db, ownerId, 'folder', folderIds),
    ]);
    if (fileBatches.size !== fileIds.length || folderBatches.size !== folderIds.length)
      throw notFound(NOT_IN_BIN);
    return [...new Set([...fileBatches.values(), ...folderBatches.values()])];
  }

  /**
   * Deletes the batches' rows, a chunk of files per transaction: each file's blob reference is
   * released and its owner's storage goes down in the same transaction as the row; bytes whose
   * last reference went are deleted from storage after the commit.
   */
  private async purgeBatches(
    batches: string[],
    signal?: AbortSignal,
  ): Promise<ActionResult & { bytes: number }> {
    const total = { files: 0, folders: 0, bytes: 0 };
    if (batches.length === 0) return total;
    for (;;) {
      if (signal?.aborted) return total;
      const keys: string[] = [];
      const purged = await this.db.transaction(async (tx) => {
        const rows = await this.repo.deleteFiles(tx, batches, PURGE_CHUNK);
        const perOwner = new Map<string, { bytes: number; files: number }>();
        for (const row of rows) {
          const key = await this.blobs.release(tx, row.blobId);
          if (key) keys.push(key);
          const acc = perOwner.get(row.ownerId) ?? { bytes: 0, files: 0 };
          acc.bytes += row.size;
          acc.files += 1;
          perOwner.set(row.ownerId, acc);
        }
        for (const [owner, acc] of perOwner) {
          await this.accounts.applyDelta(tx, owner, -acc.bytes, -acc.files, 'purge');
        }
        return rows;
      });
      await this.blobs.deleteObjects(keys);
      total.files += purged.length;
      total.bytes += purged.reduce((n, r) => n + r.size, 0);
      if (purged.length < PURGE_CHUNK) break;
    }
    total.folders = await this.db.transaction((tx) => this.repo.deleteFolders(tx, batches));
    return total;
  }
}
