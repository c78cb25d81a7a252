import { mkdirSync } from 'node:fs';
import { type FileHandle, mkdir, open, opendir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileSink, type DurableFileSinkOptions } from './durable-file-sink';
import {
  assertKey,
  assertTempKey,
  type ByteRange,
  isValidKey,
  type ListedObject,
  ObjectNotFoundError,
  type StorageDriver,
  type StoredObjectInfo,
  storageFullOr,
  type TempListing,
} from './storage-driver';

export interface LocalDriverOptions {
  /**
   * While a temporary file is written, flush it to disk every this many bytes in the background,
   * so the final fsync has little left to do and the disk works while the network does.
   */
  flushEveryBytes?: number;
  /**
   * Opens the files bytes are written to (temporary objects). Tests put a fault-injecting
   * wrapper here, e.g. one whose writes go to /dev/full and fail with a real ENOSPC.
   */
  openForWrite?: (file: string, flags: string, mode: number) => Promise<FileHandle>;
}

const DEFAULT_FLUSH_EVERY = 8 * 1024 * 1024;

/**
 * Files on local disk: `<root>/tmp/<tempKey>` while an upload streams, then an atomic rename to
 * `<root>/content/<key>` (keys like `ab/cd/<uuid>`). A temporary file is fsynced before it can be
 * committed and the directory after the rename, so a committed object survives a crash.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly backend = 'local';
  readonly tempDir: string;
  readonly contentDir: string;
  private readonly flushEvery: number;
  private readonly openForWrite: NonNullable<LocalDriverOptions['openForWrite']>;

  constructor(
    readonly root: string,
    opts: LocalDriverOptions = {},
  ) {
    this.tempDir = path.join(root, 'tmp');
    this.contentDir = path.join(root, 'content');
    this.flushEvery = opts.flushEveryBytes ?? DEFAULT_FLUSH_EVERY;
    this.openForWrite = opts.openForWrite ?? ((file, flags, mode) => open(file, flags, mode));
    mkdirSync(this.tempDir, { recursive: true });
    mkdirSync(this.contentDir, { recursive: true });
  }

  tempPath(tempKey: string): string {
    assertTempKey(tempKey);
    return path.join(this.tempDir, tempKey);
  }

  contentPath(key: string): string {
    assertKey(key);
    return path.join(this.contentDir, ...key.split('/'));
  }

  /**
   * A full disk (ENOSPC, EDQUOT) rejects with `StorageFullError`; the file is removed either way.
   * `watch` sees the bytes as they land and can cap them (see DurableFileSinkOptions): a caller
   * that hashes them needs no stream of its own in between.
   */
  async putTemp(
    tempKey: string,
    body: Readable,
    watch: Pick<DurableFileSinkOptions, 'maxBytes' | 'tooLarge' | 'onWritten'> = {},
  ): Promise<StoredObjectInfo> {
    const file = this.tempPath(tempKey);
    let handle: FileHandle;
    try {
      handle = await this.openForWrite(file, 'wx', 0o600);
    } catch (err) {
      throw storageFullOr(err);
    }
    const sink = new DurableFileSink(handle, { ...watch, flushEvery: this.flushEvery });
    try {
      await pipeline(body, sink);
      await sink.settle();
      await handle.sync();
      await handle.close();
    } catch (err) {
      await sink.settle().catch(() => {});
      await handle.close().catch(() => {});
      await rm(file, { force: true });
      throw storageFullOr(err);
    }
    return { size: sink.bytesWritten };
  }

  /**
   * Takes over an existing file on the same file system as a temporary object (a finished tus
   * upload): fsync, then rename into the temporary area. No bytes are copied.
   */
  async adoptTemp(tempKey: string, sourcePath: string): Promise<StoredObjectInfo> {
    const target = this.tempPath(tempKey);
    try {
      const handle = await open(sourcePath, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(sourcePath, target);
    } catch (err) {
      throw storageFullOr(err);
    }
    const s = await stat(target);
    return { size: s.size };
  }

  async commit(tempKey: string, key: string): Promise<void> {
    const from = this.tempPath(tempKey);
    const to = this.contentPath(key);
    const dir = path.dirname(to);
    try {
      // A new shard directory needs room too.
      await mkdir(dir, { recursive: true });
      await rename(from, to);
      // A rename keeps the time of the last write; the garbage collector's grace period counts from here.
      const now = new Date();
      await utimes(to, now, now);
      await fsyncPath(dir);
    } catch (err) {
      throw storageFullOr(err);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    let handle: FileHandle;
    try {
      handle = await open(this.contentPath(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
      throw err;
    }
    return handle.createReadStream({
      start: range?.start,
      end: range?.end,
      highWaterMark: 256 * 1024,
    });
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const s = await stat(this.contentPath(key));
      return { size: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async probe(): Promise<void> {
    // A real write, not access(W_OK): that says yes to root even on a read-only mount.
    const file = path.join(this.tempDir, `.probe-${process.pid}`);
    await mkdir(this.tempDir, { recursive: true });
    await mkdir(this.contentDir, { recursive: true });
    const handle = await open(file, 'w');
    try {
      await handle.write('ok');
    } finally {
      await handle.close();
    }
    await rm(file, { force: true });
  }

  async delete(key: string): Promise<void> {
    // A temporary key has no slash and lives in tmp/; a permanent key is sharded under content/.
    const file = key.includes('/') ? this.contentPath(key) : this.tempPath(key);
    await rm(file, { force: true });
  }

  async sweepTemp(remove: (t: TempListing) => boolean): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tempDir).catch(() => [] as string[])) {
      const file = path.join(this.tempDir, name);
      const s = await stat(file).catch(() => null);
      if (s && remove({ tempKey: name, modifiedAt: s.mtime })) {
        await rm(file, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  async *list(): AsyncIterable<ListedObject> {
    yield* this.walk(this.contentDir, []);
  }

  private async *walk(dir: string, prefix: string[]): AsyncGenerator<ListedObject> {
    let entries: Awaited<ReturnType<typeof opendir>>;
    try {
      entries = await opendir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for await (const entry of entries) {
      const parts = [...prefix, entry.name];
      if (entry.isDirectory()) {
        yield* this.walk(path.join(dir, entry.name), parts);
      } else if (entry.isFile() && isValidKey(parts.join('/'))) {
        const s = await stat(path.join(dir, entry.name)).catch(() => null);
        if (s) yield { key: parts.join('/'), size: s.size, modifiedAt: s.mtime };
      }
    }
  }
}

/** fsync of a file or a directory, as every stored file is made durable (the file, then its directory). */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } catch (err) {
    // Some file systems refuse fsync on a directory; the rename itself is still atomic.
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
  } finally {
    await handle.close();
  }
}
