import { open } from 'node:fs/promises';
import { RunningHash } from './hash-worker';

/** Running hashes kept between requests; beyond this many, the oldest goes (it can be rebuilt). */
const MAX_KEPT = 10_000;
const READ_BYTES = 1024 * 1024;

/**
 * The SHA-256 of each resumable upload so far, kept in memory between its PATCHes, so that when
 * the last byte arrives the digest is ready: no second read of the file. A hash is only good for
 * the offset it was kept at; when a PATCH finds none (this process restarted, another process
 * took the earlier PATCHes, or a write failed), the bytes already in the file are read once to
 * rebuild it. Only one request at a time works on an upload (tus' lock).
 */
export class UploadHashes {
  private readonly kept = new Map<string, { hash: RunningHash; offset: number }>();

  /** The hash of `file`'s first `offset` bytes, to go on with; the caller keeps or cancels it. */
  async resume(id: string, offset: number, file: string): Promise<RunningHash> {
    const kept = this.kept.get(id);
    this.kept.delete(id);
    if (kept && kept.offset === offset) return kept.hash;
    kept?.hash.cancel();
    const hash = new RunningHash();
    try {
      await hashFilePrefix(file, offset, hash);
    } catch (err) {
      hash.cancel();
      throw err;
    }
    return hash;
  }

  /**
   * The kept hash if it covers exactly the first `offset` bytes (a new one at 0), else null: for a
   * store whose earlier bytes cannot be read back before the upload completes (S3's parts).
   */
  take(id: string, offset: number): RunningHash | null {
    const kept = this.kept.get(id);
    this.kept.delete(id);
    if (kept && kept.offset === offset) return kept.hash;
    kept?.hash.cancel();
    return offset === 0 ? new RunningHash() : null;
  }

  /** Keeps `hash`, covering the upload's first `offset` bytes, for its next request. */
  keep(id: string, hash: RunningHash, offset: number): void {
    hash.flush();
    this.kept.get(id)?.hash.cancel();
    this.kept.delete(id);
    this.kept.set(id, { hash, offset });
    if (this.kept.size > MAX_KEPT) {
      const [oldest] = this.kept.keys();
      if (oldest !== undefined) this.forget(oldest);
    }
  }

  /** The digest of a complete upload of `size` bytes: the kept hash, or the file read once. */
  async digest(id: string, size: number, file: string): Promise<string> {
    const hash = await this.resume(id, size, file);
    return hash.digest();
  }

  forget(id: string): void {
    this.kept.get(id)?.hash.cancel();
    this.kept.delete(id);
  }
}

/** Feeds the first `bytes` bytes of `file` to `hash`; fails if the file is shorter. */
async function hashFilePrefix(file: string, bytes: number, hash: RunningHash): Promise<void> {
  if (bytes === 0) return;
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(Math.min(READ_BYTES, bytes));
    let at = 0;
    while (at < bytes) {
      const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, bytes - at), at);
      if (bytesRead === 0) throw new Error(`${file} ends at ${at} bytes, before ${bytes}`);
      // The hash copies what it is given: the buffer is read into again.
      hash.update(buf.subarray(0, bytesRead));
      at += bytesRead;
      await hash.drained();
    }
  } finally {
    await handle.close();
  }
}
