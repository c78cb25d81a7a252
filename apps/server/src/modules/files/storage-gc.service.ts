import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { StorageDriver } from '../../storage/storage-driver';
import { BlobStore } from './blob-store.service';
import { BlobsRepository } from './blobs.repository';
import { type LiveProcesses, leftoverTemp } from './leftover-uploads';

/** Rows and objects handled per query / per batch. */
const BATCH = 500;

export interface GcResult {
  /** Blob rows no file referenced, deleted with their bytes. */
  blobs: number;
  /** Stored objects no blob row pointed at. */
  orphans: number;
  /** Temporary objects of uploads that never finished. */
  temp: number;
}

export interface GcOptions {
  /** Overrides the grace period (STORAGE_GC_GRACE_SECONDS) for this run. */
  graceMs?: number;
  signal?: AbortSignal;
  progress?: (done: GcResult) => Promise<void>;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * Collects what a crash or a deleted user leaves in storage:
 * - blob rows whose reference count is 0 (a deleted user's solely-owned content), and their bytes;
 * - committed objects with no blob row (a crash between moving the bytes into place and
 *   committing the row, or between deleting a row and its bytes), once older than the grace
 *   period, so an upload committing right now is never touched;
 * - temporary objects of processes that are not alive, and any older than the grace period
 *   (uploads cut short).
 * Only objects named like `BlobStore.newKey()` are considered; anything else in a bucket is left alone.
 */
export class StorageGarbageCollector {
  private readonly blobs = new BlobsRepository();
  private readonly store: BlobStore;

  constructor(
    private readonly db: Db,
    private readonly storage: StorageDriver,
    private readonly clock: Clock,
    private readonly graceMs: number,
    log: Logger,
    /** Which processes are alive: a dead one's temporary objects go whatever their age. */
    private readonly live: () => Promise<LiveProcesses>,
  ) {
    this.store = new BlobStore(db, storage, log);
  }

  async collect(opts: GcOptions = {}): Promise<GcResult> {
    const done: GcResult = { blobs: 0, orphans: 0, temp: 0 };
    const cutoff = this.clock.now().getTime() - (opts.graceMs ?? this.graceMs);
    const backend = this.storage.backend;

    for (;;) {
      if (opts.signal?.aborted) return done;
      const keys = await this.blobs.deleteUnreferenced(this.db, backend, BATCH);
      await this.store.deleteObjects(keys);
      done.blobs += keys.length;
      if (keys.length < BATCH) break;
    }
    await opts.progress?.(done);

    let batch: string[] = [];
    for await (const object of this.storage.list()) {
      if (opts.signal?.aborted) return done;
      if (!BlobStore.isKey(object.key) || object.modifiedAt.getTime() >= cutoff) continue;
      batch.push(object.key);
      if (batch.length === BATCH) {
        done.orphans += await this.dropOrphans(backend, batch);
        batch = [];
        await opts.progress?.(done);
      }
    }
    done.orphans += await this.dropOrphans(backend, batch);

    if (opts.signal?.aborted) return done;
    const processes = await this.live();
    done.temp = await this.storage.sweepTemp(leftoverTemp({ ...processes, olderThan: new Date(cutoff) }));
    return done;
  }

  /**
   * Deletes the objects of `keys` no blob row points at. A row for an object this old cannot
   * appear any more: uploads commit rows only for keys they have just created.
   */
  private async dropOrphans(backend: string, keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const known = await this.blobs.existingKeys(this.db, backend, keys);
    const orphans = keys.filter((k) => !known.has(k));
    await this.store.deleteObjects(orphans);
    return orphans.length;
  }
}
