import { type FileHandle, open } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream';
import { type Configstore, FileConfigstore, FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import { DurableFileSink } from '../../storage/durable-file-sink';
import { storageFullOr } from '../../storage/storage-driver';
import { type RunningHash, StreamTooLargeError } from './hash-worker';
import { UploadHashes } from './upload-hashes';

export interface WriteFromOptions {
  /** More bytes than this: the request fails with tus' ERR_MAX_SIZE_EXCEEDED (what came before stays). */
  maxBytes: number;
  /** Aborted (tus: another request wants the upload): stop reading, keep what arrived. */
  signal?: AbortSignal;
  /** The upload's offset, as bytes land. */
  onProgress?: (offset: number) => void;
}

const DEFAULT_FLUSH_EVERY = 8 * 1024 * 1024;

/**
 * tus' file store for uploads on local disk (STORAGE_DIR/tus), with the bytes of each request
 * written the way the storage driver writes (1 MiB writes, a background flush every 8 MiB) and
 * hashed as they land, so a finished upload's SHA-256 is ready with its last byte. A write that
 * fails for want of room rejects with `StorageFullError`.
 */
export class TusLocalStore extends FileStore {
  private readonly hashes = new UploadHashes();
  /** Each upload's last background flush still running, or failed: its error or null (see keepFlush). */
  private readonly flushes = new Map<string, Promise<unknown>>();
  private readonly flushEvery: number;

  constructor(opts: { directory: string; flushEveryBytes?: number }) {
    super({
      directory: opts.directory,
      configstore: new CachedConfigstore(new FileConfigstore(opts.directory)),
    });
    this.flushEvery = opts.flushEveryBytes ?? DEFAULT_FLUSH_EVERY;
  }

  filePath(id: string): string {
    if (!id || path.basename(id) !== id || id.startsWith('.')) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.directory, id);
  }

  /** The library's path (creation-with-upload): the same writer, no size cap beyond tus' own. */
  override write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    return this.writeFrom(readable, id, offset, { maxBytes: Number.MAX_SAFE_INTEGER });
  }

  /**
   * Appends `source` to the upload at `offset`; resolves with the new offset. A client that goes
   * away midway leaves what arrived (tus resumes from there) and rejects with ERRORS.ABORTED.
   */
  async writeFrom(source: Readable, id: string, offset: number, opts: WriteFromOptions): Promise<number> {
    const file = this.filePath(id);
    // The previous request's flush may still run: only its outcome is needed, at the end (or by
    // the upload's next step, if this request fails before writing).
    const before = this.takeFlush(id);
    const handBack = () => {
      if (!this.flushes.has(id)) this.flushes.set(id, before);
    };
    let hash: RunningHash;
    let handle: FileHandle;
    try {
      hash = await this.hashes.resume(id, offset, file);
    } catch (err) {
      handBack();
      throw err;
    }
    try {
      handle = await open(file, 'r+');
    } catch (err) {
      hash.cancel();
      handBack();
      throw storageFullOr(err);
    }
    const sink = new DurableFileSink(handle, {
      position: offset,
      flushEvery: this.flushEvery,
      maxBytes: opts.maxBytes,
      tooLarge: () => new StreamTooLargeError(opts.maxBytes),
      onWritten: (chunks) => {
        const wait = hash.feed(chunks);
        opts.onProgress?.(offset + sink.bytesWritten);
        return wait;
      },
    });
    const { sourceError, sinkError } = await pump(source, sink, opts.signal);
    let failure = sinkError;
    let flushed: Promise<void> = Promise.resolve();
    try {
      // The request is answered without waiting for the flush running in the background (tens
      // of ms per PATCH): the file closes after it, and the upload's next step checks it.
      ({ flushed } = await sink.settleWrites());
    } catch (err) {
      failure ??= err;
    }
    failure ??= await before;
    if (failure) await flushed.catch(() => {});
    this.keepFlush(id, flushed, handle);
    if (failure) {
      // The hash may lack bytes the file got: the next request rebuilds it from the file.
      this.hashes.forget(id);
      hash.cancel();
      if (failure instanceof StreamTooLargeError) throw ERRORS.ERR_MAX_SIZE_EXCEEDED;
      throw storageFullOr(failure);
    }
    this.hashes.keep(id, hash, offset + sink.bytesWritten);
    if (sourceError) throw ERRORS.ABORTED;
    return offset + sink.bytesWritten;
  }

  /**
   * The SHA-256 of a complete upload of `size` bytes (read from the file only if no hash was
   * kept), once its last flush went through.
   */
  async sha256(id: string, size: number): Promise<string> {
    const failure = await this.takeFlush(id);
    if (failure) {
      this.hashes.forget(id);
      throw storageFullOr(failure);
    }
    return this.hashes.digest(id, size, this.filePath(id));
  }

  override async remove(id: string): Promise<void> {
    this.hashes.forget(id);
    await this.takeFlush(id);
    return super.remove(id);
  }

  /**
   * Keeps the background flush of an upload's request (the file closed after it) for the
   * upload's next step; a flush that went through forgets itself, a failed one stays until then.
   */
  private keepFlush(id: string, flushed: Promise<void>, handle: FileHandle): void {
    const outcome = flushed
      .then(
        () => null,
        (err: unknown) => err,
      )
      .then(async (err) => {
        await handle.close().catch(() => {});
        return err;
      });
    this.flushes.set(id, outcome);
    void outcome.then((err) => {
      if (!err && this.flushes.get(id) === outcome) this.flushes.delete(id);
    });
  }

  /** The outcome of the upload's last background flush (its error, or null), taken. */
  private takeFlush(id: string): Promise<unknown> {
    const pending = this.flushes.get(id);
    this.flushes.delete(id);
    return pending ?? Promise.resolve(null);
  }
}

/** Upload infos kept in memory; beyond this many, the oldest is read from disk again when asked. */
const MAX_CACHED = 10_000;

/**
 * The uploads' info files (JSON beside the bytes), read from disk once: an info whose length is
 * known never changes, and each request asks for it twice (an open, stat, read and close each,
 * on the thread pool). One whose length is deferred is read afresh, as another process may
 * declare it.
 */
class CachedConfigstore implements Configstore {
  private readonly cache = new Map<string, Upload>();

  constructor(private readonly disk: Configstore) {}

  async get(key: string): Promise<Upload | undefined> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const value = await this.disk.get(key);
    if (value) this.remember(key, value);
    return value;
  }

  async set(key: string, value: Upload): Promise<void> {
    this.cache.delete(key);
    await this.disk.set(key, value);
    this.remember(key, value);
  }

  async delete(key: string): Promise<void> {
    this.cache.delete(key);
    await this.disk.delete(key);
  }

  list(): Promise<string[]> {
    return this.disk.list?.() ?? Promise.resolve([]);
  }

  private remember(key: string, value: Upload): void {
    if (value.size === undefined) return;
    this.cache.set(key, value);
    if (this.cache.size > MAX_CACHED) {
      const [oldest] = this.cache.keys();
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/**
 * Pipes `source` into `sink` until the source ends, fails or `signal` aborts; in the last two
 * cases the sink still writes what it was given. Settles once the sink finished or failed.
 */
function pump(
  source: Readable,
  sink: DurableFileSink,
  signal: AbortSignal | undefined,
): Promise<{ sourceError: unknown; sinkError: unknown }> {
  return new Promise((resolve) => {
    let sourceError: unknown = null;
    const stop = () => {
      source.unpipe(sink);
      if (!sink.writableEnded) sink.end();
    };
    const cleanup = finished(source, (err) => {
      if (err) {
        sourceError ??= err;
        stop();
      }
    });
    signal?.addEventListener('abort', stop, { once: true });
    const done = (sinkError: unknown) => {
      cleanup();
      signal?.removeEventListener('abort', stop);
      resolve({ sourceError, sinkError });
    };
    sink.once('finish', () => done(null));
    sink.once('error', (err) => {
      source.unpipe(sink);
      done(err);
    });
    if (signal?.aborted) stop();
    else source.pipe(sink);
  });
}
