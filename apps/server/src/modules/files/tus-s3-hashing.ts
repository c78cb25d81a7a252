import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';
import type { S3Store } from '@tus/s3-store';
import { UploadHashes } from './upload-hashes';

/**
 * Hashes a tus upload on S3 as its PATCH bodies stream through to @tus/s3-store, so that when the
 * last byte arrives the SHA-256 is ready and the finished object is taken over in place: no
 * download of the whole file to hash it and no second upload. S3 cannot read back the parts of
 * an upload that has not completed, so a PATCH that finds no hash for its offset (this process
 * restarted, or another process took the earlier PATCHes) leaves the upload unhashed, and its
 * finish reads the completed object once, as before.
 */
export class TusS3Hashing {
  private readonly hashes = new UploadHashes();

  /** Wraps `store.write` (the one path by which tus hands it request bodies). */
  constructor(store: S3Store) {
    const write = store.write.bind(store);
    store.write = (src, id, offset) => this.write(write, src, id, offset);
  }

  private async write(
    write: (src: Readable, id: string, offset: number) => Promise<number>,
    src: Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    const hash = this.hashes.take(id, offset);
    if (!hash) return write(src, id, offset);
    let fed = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        try {
          hash.update(chunk);
          fed += chunk.length;
        } catch (err) {
          cb(err as Error);
          return;
        }
        const wait = hash.drained();
        if (wait) wait.then(() => cb(null, chunk), cb);
        else cb(null, chunk);
      },
    });
    // The store sees the request's failure (a client gone) as its own source failing.
    pipeline(src, tap, () => {});
    try {
      const next = await write(tap, id, offset);
      // Only a hash of exactly the bytes the store kept is worth keeping.
      if (next === offset + fed) this.hashes.keep(id, hash, next);
      else hash.cancel();
      return next;
    } catch (err) {
      hash.cancel();
      throw err;
    }
  }

  /** The SHA-256 of a complete upload of `size` bytes when every byte went through here, else null. */
  async sha256(id: string, size: number): Promise<string | null> {
    const hash = this.hashes.take(id, size);
    return hash ? hash.digest() : null;
  }

  forget(id: string): void {
    this.hashes.forget(id);
  }
}
