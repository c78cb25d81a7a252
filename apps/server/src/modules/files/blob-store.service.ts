import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { LocalStorageDriver } from '../../storage/local.driver';
import { S3StorageDriver } from '../../storage/s3.driver';
import { ownedTempKey, type StorageDriver } from '../../storage/storage-driver';
import { BlobsRepository } from './blobs.repository';
import { HashingStream, RunningHash, StreamTooLargeError } from './hash-worker';

export { HashingStream, StreamTooLargeError };

/** Bytes written to a temporary object, hashed on the way; not yet anyone's file. */
export interface TempObject {
  tempKey: string;
  size: number;
  /** SHA-256, hex. */
  sha256: string;
}

export interface LinkedBlob {
  id: string;
  /** The content was already stored: this upload wrote no new bytes. */
  deduplicated: boolean;
}

const BLOB_KEY =
  /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * Content-addressed file bytes. An upload streams into a temporary object while its SHA-256 is
 * computed; committing it either adds a reference to the blob that already holds that content
 * (and drops the temporary bytes) or moves the bytes to a new server-generated key and inserts a
 * blob with one reference — together with the caller's rows, in one transaction. Whatever fails,
 * no row points at missing bytes and no temporary object is left behind.
 */
export class BlobStore {
  private readonly blobs = new BlobsRepository();

  constructor(
    private readonly db: Db,
    readonly storage: StorageDriver,
    private readonly log: Logger = { warn: (obj, msg) => console.warn(msg, obj) },
    /** The process writing temporary objects (server_instances): their keys name it. */
    private readonly owner?: string,
  ) {}

  /** A new temporary key, naming this process when it is known (see `ownedTempKey`). */
  private newTempKey(): string {
    return this.owner ? ownedTempKey(this.owner) : randomUUID();
  }

  /** `ab/cd/<uuid>`: spreads objects over directories (and S3 key prefixes). */
  static newKey(): string {
    const id = randomUUID();
    return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
  }

  /** True for a key `newKey` could have made: the only objects the garbage collector may delete. */
  static isKey(key: string): boolean {
    const m = BLOB_KEY.exec(key);
    return m !== null && m[3]?.startsWith(`${m[1]}${m[2]}`) === true;
  }

  /**
   * Streams `source` into a new temporary object, hashing it on the way. Rejects with
   * `StreamTooLargeError` past `maxBytes`; on any failure the temporary object is deleted.
   */
  async writeTemp(source: Readable, maxBytes?: number): Promise<TempObject> {
    if (this.storage instanceof LocalStorageDriver)
      return this.writeLocalTemp(this.storage, source, maxBytes);
    const tempKey = this.newTempKey();
    const hashing = new HashingStream(maxBytes);
    // The first error wins: the driver may only see its consequence (a premature close).
    let failure: unknown = null;
    hashing.on('error', (err) => {
      failure ??= err;
    });
    source.on('error', (err) => {
      failure ??= err;
      hashing.destroy(err);
    });
    source.pipe(hashing);
    try {
      const { size } = await this.storage.putTemp(tempKey, hashing);
      if (failure) throw failure;
      if (size !== hashing.bytes) throw new Error(`stored ${size} bytes of ${hashing.bytes}`);
      return { tempKey, size, sha256: hashing.sha256 };
    } catch (err) {
      source.unpipe(hashing);
      hashing.destroy();
      await this.deleteQuietly(tempKey);
      throw failure ?? err;
    }
  }

  /**
   * `writeTemp` on local disk: the disk writer hashes each write once it is in the file, so the
   * bytes need no hashing stream in between (one stream hop less per 64 KiB of an upload).
   */
  private async writeLocalTemp(
    storage: LocalStorageDriver,
    source: Readable,
    maxBytes = Number.POSITIVE_INFINITY,
  ): Promise<TempObject> {
    const tempKey = this.newTempKey();
    const hash = new RunningHash();
    try {
      const { size } = await storage.putTemp(tempKey, source, {
        maxBytes,
        tooLarge: () => new StreamTooLargeError(maxBytes),
        onWritten: (chunks) => hash.feed(chunks),
      });
      const sha256 = await hash.digest();
      if (size !== hash.bytes) throw new Error(`stored ${size} bytes of ${hash.bytes}`);
      return { tempKey, size, sha256 };
    } catch (err) {
      hash.cancel();
      await this.deleteQuietly(tempKey);
      throw err;
    }
  }

  /**
   * Takes a complete file already on the storage's disk (a finished resumable upload, hashed as
   * its bytes arrived) as a temporary object without copying it: fsynced, then renamed into
   * place. Only the local driver can do this; returns null otherwise.
   */
  async adoptFile(
    filePath: string,
    hashed: { sha256: string; size: number },
    maxBytes = Number.POSITIVE_INFINITY,
  ): Promise<TempObject | null> {
    if (!(this.storage instanceof LocalStorageDriver)) return null;
    if (hashed.size > maxBytes) throw new StreamTooLargeError(maxBytes);
    const tempKey = this.newTempKey();
    const { size } = await this.storage.adoptTemp(tempKey, filePath);
    if (size !== hashed.size) {
      await this.deleteQuietly(tempKey);
      throw new Error(`adopted ${size} bytes, hashed ${hashed.size}`);
    }
    return { tempKey, size, sha256: hashed.sha256 };
  }

  /**
   * S3: takes over an object of the bucket whose hash is known (a finished tus upload) as a
   * temporary object, without reading or copying its bytes; null on other drivers.
   */
  async adoptObject(
    objectKey: string,
    hashed: { sha256: string; size: number },
    maxBytes = Number.POSITIVE_INFINITY,
  ): Promise<TempObject | null> {
    if (!(this.storage instanceof S3StorageDriver)) return null;
    if (hashed.size > maxBytes) throw new StreamTooLargeError(maxBytes);
    const tempKey = this.newTempKey();
    const { size } = await this.storage.adoptTemp(tempKey, objectKey);
    if (size !== hashed.size) {
      await this.deleteQuietly(tempKey);
      throw new Error(`adopted ${size} bytes, hashed ${hashed.size}`);
    }
    return { tempKey, size, sha256: hashed.sha256 };
  }

  /** Drops a temporary object that will not be committed. */
  discard(temp: TempObject): Promise<void> {
    return this.deleteQuietly(temp.tempKey);
  }

  /**
   * Commits a temporary object as a blob and runs `work` (the caller's rows) in the same
   * transaction. New content is moved to its permanent key before the transaction, so a
   * committed row never points at bytes that are not there; a crash in between leaves bytes
   * without a row (garbage), never the reverse.
   */
  async commitTemp<T>(
    temp: TempObject,
    work: (tx: Db, blob: LinkedBlob) => Promise<T>,
  ): Promise<{ value: T; blob: LinkedBlob }> {
    const backend = this.storage.backend;
    const known = await this.blobs.findByHash(this.db, backend, temp.sha256);
    /** Our bytes, when they went to a permanent key. */
    let ownKey: string | null = null;
    if (!known) {
      ownKey = BlobStore.newKey();
      await this.commitOrDiscard(temp, ownKey);
    }
    const storeOwn = async (tx: Db, key: string): Promise<LinkedBlob> => {
      const row = await this.blobs.insertOrAddRef(tx, {
        backend,
        sha256: temp.sha256,
        size: temp.size,
        storageKey: key,
      });
      return { id: row.id, deduplicated: row.storageKey !== key };
    };
    let out: { value: T; blob: LinkedBlob };
    try {
      out = await this.db.transaction(async (tx) => {
        let blob: LinkedBlob;
        if (ownKey) {
          blob = await storeOwn(tx, ownKey);
        } else {
          const ref = await this.blobs.addRef(tx, backend, temp.sha256);
          if (ref) {
            blob = { id: ref.id, deduplicated: true };
          } else {
            // Purged since we looked: keep our bytes after all (rare; the move runs inside the
            // transaction, so it rolls back with it below).
            ownKey = BlobStore.newKey();
            await this.storage.commit(temp.tempKey, ownKey);
            blob = await storeOwn(tx, ownKey);
          }
        }
        return { value: await work(tx, blob), blob };
      });
    } catch (err) {
      // Rolled back: nothing references our bytes, wherever they are (a move may have half run).
      await this.deleteQuietly(temp.tempKey);
      if (ownKey) await this.deleteQuietly(ownKey);
      throw err;
    }
    // Deduplicated: our copy of the bytes is not needed (still temporary, or moved and then
    // beaten by a concurrent upload of the same content).
    if (out.blob.deduplicated) await this.deleteQuietly(ownKey ?? temp.tempKey);
    return out;
  }

  /**
   * Drops one reference inside the caller's transaction; at zero the blob row is deleted and its
   * storage key returned, for `deleteObjects` once the caller has committed.
   */
  release(tx: Db, blobId: string): Promise<string | null> {
    return this.blobs.release(tx, blobId);
  }

  /** Deletes bytes after the caller committed; missing objects are fine, failures are logged. */
  async deleteObjects(keys: string[]): Promise<void> {
    for (const key of keys) await this.deleteQuietly(key);
  }

  private async commitOrDiscard(temp: TempObject, key: string): Promise<void> {
    try {
      await this.storage.commit(temp.tempKey, key);
    } catch (err) {
      await this.deleteQuietly(temp.tempKey);
      await this.deleteQuietly(key);
      throw err;
    }
  }

  private async deleteQuietly(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (err) {
      this.log.warn({ err, key }, 'could not delete stored object');
    }
  }
}
