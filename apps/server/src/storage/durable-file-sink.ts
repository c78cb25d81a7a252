import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

export interface DurableFileSinkOptions {
  /** Where the first byte goes (a resumed upload appends at its offset); default: the file's start. */
  position?: number;
  /** Start an fdatasync in the background every this many bytes (0: never). */
  flushEvery: number;
  /** More bytes than this fail the stream with `tooLarge()` before any of them is written. */
  maxBytes?: number;
  tooLarge?: () => Error;
  /**
   * Called with the bytes of each write once they are in the file, in order: what it sees is
   * exactly what the file holds, even when the stream stops midway. A promise holds the next write.
   */
  onWritten?: (chunks: Buffer[]) => Promise<void> | null | undefined;
}

/** Bytes gathered into one writev: a syscall per MiB rather than per 64 KiB network read. */
const BUFFER_BYTES = 1024 * 1024;

/**
 * Writes a stream into an open file with large writes (the chunks that queued while the last
 * write ran go out in one writev) and, every `flushEvery` bytes, starts an fdatasync in the
 * background (at most one at a time) so dirty pages reach the disk while more data arrives and
 * the final fsync has little left to do.
 */
export class DurableFileSink extends Writable {
  bytesWritten = 0;
  private position: number;
  private sinceFlush = 0;
  private flushing: Promise<void> | null = null;
  private flushError: unknown = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly handle: FileHandle,
    private readonly opts: DurableFileSinkOptions,
  ) {
    super({ highWaterMark: BUFFER_BYTES });
    this.position = opts.position ?? 0;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.run([chunk], cb);
  }

  override _writev(chunks: { chunk: Buffer }[], cb: (err?: Error | null) => void): void {
    this.run(
      chunks.map((c) => c.chunk),
      cb,
    );
  }

  private run(chunks: Buffer[], cb: (err?: Error | null) => void): void {
    const writing = this.writeAll(chunks);
    this.writing = writing;
    writing.then(
      () => {
        this.writing = null;
        cb();
      },
      (err) => {
        this.writing = null;
        cb(err);
      },
    );
  }

  private async writeAll(input: Buffer[]): Promise<void> {
    if (this.flushError) throw this.flushError;
    let total = 0;
    for (const b of input) total += b.length;
    const { maxBytes, tooLarge } = this.opts;
    if (maxBytes !== undefined && this.bytesWritten + total > maxBytes) {
      throw tooLarge ? tooLarge() : new Error(`more than ${maxBytes} bytes`);
    }
    // writev takes at most IOV_MAX (1024) buffers.
    const buffers = input.length > 256 ? [Buffer.concat(input)] : input;
    let written = 0;
    while (written < total) {
      const { bytesWritten } = await this.handle.writev(
        written === 0 ? buffers : sliceBuffers(buffers, written),
        this.position + written,
      );
      written += bytesWritten;
    }
    this.position += total;
    this.bytesWritten += total;
    this.sinceFlush += total;
    if (this.opts.flushEvery > 0 && this.sinceFlush >= this.opts.flushEvery && !this.flushing) {
      this.sinceFlush = 0;
      this.flushing = this.handle.datasync().then(
        () => {
          this.flushing = null;
        },
        (err) => {
          this.flushError = err;
          this.flushing = null;
        },
      );
    }
    await this.opts.onWritten?.(input);
  }

  /**
   * Waits for the write and the background flush still running (also after the stream was
   * destroyed: the file is not to be closed under them); rethrows a failed flush.
   */
  async settle(): Promise<void> {
    const { flushed } = await this.settleWrites();
    await flushed;
  }

  /**
   * Waits for the write still running, not for the background flush: resolves with a promise of
   * that flush (rejecting if it failed), which the caller awaits before closing the file. A
   * flush that already failed rejects here.
   */
  async settleWrites(): Promise<{ flushed: Promise<void> }> {
    await this.writing?.catch(() => {});
    if (this.flushError) throw this.flushError;
    const running = this.flushing;
    return {
      flushed: running
        ? running.then(() => {
            if (this.flushError) throw this.flushError;
          })
        : Promise.resolve(),
    };
  }
}

function sliceBuffers(buffers: Buffer[], offset: number): Buffer[] {
  const out: Buffer[] = [];
  let skip = offset;
  for (const b of buffers) {
    if (skip >= b.length) {
      skip -= b.length;
      continue;
    }
    out.push(skip > 0 ? b.subarray(skip) : b);
    skip = 0;
  }
  return out;
}
