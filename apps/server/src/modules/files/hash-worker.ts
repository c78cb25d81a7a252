import { createHash, type Hash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Transform, type TransformCallback } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of upload streams, computed on a worker thread so the event loop (which also runs
 * PGlite and every other request) only parses and copies: hashing is the largest CPU cost of an
 * upload (~0.65 ms per MiB here), and off the main thread it overlaps with receiving and writing.
 *
 * A process allowed only one core (its CPU affinity) hashes on the main thread instead: there the
 * worker cannot run alongside, and the copies, messages and thread switches it needs only add to
 * the one core's work (a 256 MiB upload took 3-11 % longer with the worker, pinned to one core).
 */
export const HASH_ON_MAIN_THREAD = availableParallelism() < 2;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.t === 'u') {
    let h = jobs.get(m.id);
    if (!h) { h = createHash('sha256'); jobs.set(m.id, h); }
    h.update(new Uint8Array(m.c, 0, m.n));
    // The buffer goes back to be filled again: no garbage on either side.
    parentPort.postMessage({ id: m.id, t: 'a', n: m.n, c: m.c }, [m.c]);
  } else if (m.t === 'd') {
    const h = jobs.get(m.id) || createHash('sha256');
    jobs.delete(m.id);
    parentPort.postMessage({ id: m.id, t: 'd', hex: h.digest('hex') });
  } else if (m.t === 'x') {
    jobs.delete(m.id);
  }
});
`;

/** Bytes sent to the worker per message. */
const BATCH = 256 * 1024;
/**
 * Bytes in flight to the worker before a writer waits for it: bounds memory per upload (the
 * worker hashes 2 MiB in about 3 ms, so a writer rarely waits).
 */
const MAX_IN_FLIGHT = 2 * 1024 * 1024;
/** Batch buffers kept for reuse (enough for two uploads at full speed). */
const POOL_MAX = 2 * (MAX_IN_FLIGHT / BATCH + 1);

type Reply = { id: number; t: 'a'; n: number; c: ArrayBuffer } | { id: number; t: 'd'; hex: string };

interface Job {
  onAck(bytes: number): void;
  onDigest(hex: string): void;
  onError(err: Error): void;
}

class HashWorker {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  private get thread(): Worker {
    if (!this.worker) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.unref();
      w.on('message', (m: Reply) => {
        const job = this.jobs.get(m.id);
        if (!job) {
          if (m.t === 'a') this.recycle(m.c);
          return;
        }
        if (m.t === 'a') {
          this.recycle(m.c);
          job.onAck(m.n);
        } else {
          this.jobs.delete(m.id);
          job.onDigest(m.hex);
        }
      });
      const fail = (err: Error) => {
        this.worker = null;
        for (const job of this.jobs.values()) job.onError(err);
        this.jobs.clear();
      };
      w.on('error', fail);
      w.on('exit', (code) => code !== 0 && fail(new Error(`hash worker exited with ${code}`)));
      this.worker = w;
    }
    return this.worker;
  }

  /** Batch buffers that came back from the worker, to be filled again. */
  private readonly free: ArrayBuffer[] = [];

  buffer(): ArrayBuffer {
    return this.free.pop() ?? new ArrayBuffer(BATCH);
  }

  /** A batch buffer that was never sent. */
  giveBack(buf: ArrayBuffer): void {
    this.recycle(buf);
  }

  private recycle(buf: ArrayBuffer): void {
    if (buf.byteLength === BATCH && this.free.length < POOL_MAX) this.free.push(buf);
  }

  open(job: Job): number {
    const id = this.nextId++;
    this.jobs.set(id, job);
    return id;
  }

  update(id: number, data: ArrayBuffer, length: number): void {
    this.thread.postMessage({ id, t: 'u', c: data, n: length }, [data]);
  }

  digest(id: number): void {
    this.thread.postMessage({ id, t: 'd' });
  }

  cancel(id: number): void {
    if (this.jobs.delete(id)) this.worker?.postMessage({ id, t: 'x' });
  }
}

const shared = new HashWorker();

export class StreamTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`stream exceeds ${maxBytes} bytes`);
    this.name = 'StreamTooLargeError';
  }
}

/**
 * The SHA-256 of bytes fed in order, computed by the worker. Bytes are copied into batch buffers
 * as they come (a caller may reuse its buffer at once); the hash can live across requests (a
 * resumable upload's PATCHes) and is finished by `digest`.
 */
export class RunningHash {
  /** Bytes fed so far. */
  bytes = 0;
  private readonly id: number;
  private batch: Uint8Array | null = null;
  private used = 0;
  private inFlight = 0;
  private waiting: { resolve(): void; reject(err: Error): void } | null = null;
  private finishing: { resolve(hex: string): void; reject(err: Error): void } | null = null;
  private failure: Error | null = null;
  private done = false;
  /** The hash itself, when it is computed on this thread. */
  private readonly here: Hash | null;

  constructor(opts: { onMainThread?: boolean } = {}) {
    this.here = (opts.onMainThread ?? HASH_ON_MAIN_THREAD) ? createHash('sha256') : null;
    if (this.here) {
      this.id = 0;
      return;
    }
    this.id = shared.open({
      onAck: (n) => {
        this.inFlight -= n;
        if (this.waiting && this.inFlight <= MAX_IN_FLIGHT) {
          const w = this.waiting;
          this.waiting = null;
          w.resolve();
        }
      },
      onDigest: (hex) => {
        this.done = true;
        this.finishing?.resolve(hex);
        this.finishing = null;
      },
      onError: (err) => {
        this.failure = err;
        this.waiting?.reject(err);
        this.finishing?.reject(err);
        this.waiting = null;
        this.finishing = null;
      },
    });
  }

  update(chunk: Uint8Array): void {
    if (this.failure) throw this.failure;
    if (this.done) throw new Error('hash already finished');
    this.bytes += chunk.length;
    if (this.here) {
      this.here.update(chunk);
      return;
    }
    let at = 0;
    while (at < chunk.length) {
      this.batch ??= new Uint8Array(shared.buffer());
      const n = Math.min(chunk.length - at, BATCH - this.used);
      this.batch.set(n === chunk.length ? chunk : chunk.subarray(at, at + n), this.used);
      this.used += n;
      at += n;
      if (this.used === BATCH) this.send();
    }
  }

  /**
   * Feeds `chunks` (as a disk writer's `onWritten` hands them over) and answers `drained()`: the
   * writer waits only when the worker fell behind.
   */
  feed(chunks: readonly Buffer[]): Promise<void> | null {
    for (const chunk of chunks) this.update(chunk);
    return this.drained();
  }

  /**
   * Null when the worker keeps up; else a promise that settles once it caught up, so a writer
   * waits rather than queueing unbounded copies.
   */
  drained(): Promise<void> | null {
    if (this.failure) return Promise.reject(this.failure);
    if (this.inFlight <= MAX_IN_FLIGHT) return null;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** Hands the partly filled batch to the worker (between requests: nothing is held here). */
  flush(): void {
    if (this.used > 0) this.send();
  }

  /** The hex digest of everything fed; the hash cannot be fed afterwards. */
  digest(): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.here) {
      if (this.done) return Promise.reject(new Error('hash already finished'));
      this.done = true;
      return Promise.resolve(this.here.digest('hex'));
    }
    this.flush();
    return new Promise((resolve, reject) => {
      this.finishing = { resolve, reject };
      shared.digest(this.id);
    });
  }

  /** Forgets the hash (an upload dropped, or a stream that failed). */
  cancel(): void {
    if (this.done) return;
    this.done = true;
    if (this.here) return;
    if (this.batch) shared.giveBack(this.batch.buffer as ArrayBuffer);
    this.batch = null;
    this.used = 0;
    shared.cancel(this.id);
  }

  private send(): void {
    const batch = this.batch as Uint8Array;
    this.inFlight += this.used;
    shared.update(this.id, batch.buffer as ArrayBuffer, this.used);
    this.batch = null;
    this.used = 0;
  }
}

/**
 * Passes bytes through unchanged while the worker hashes a copy of them; counts them and fails
 * with `StreamTooLargeError` past `maxBytes`. `sha256` is set once the stream has ended.
 */
export class HashingStream extends Transform {
  bytes = 0;
  sha256 = '';
  private readonly hash: RunningHash;

  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    opts: { onMainThread?: boolean } = {},
  ) {
    super({ highWaterMark: 256 * 1024 });
    this.hash = new RunningHash(opts);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      cb(new StreamTooLargeError(this.maxBytes));
      return;
    }
    try {
      this.hash.update(chunk);
    } catch (err) {
      cb(err as Error);
      return;
    }
    this.push(chunk);
    const wait = this.hash.drained();
    if (wait) wait.then(() => cb(), cb);
    else cb();
  }

  override _flush(cb: TransformCallback): void {
    this.hash.digest().then((hex) => {
      this.sha256 = hex;
      cb();
    }, cb);
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void): void {
    if (!this.sha256) this.hash.cancel();
    cb(err);
  }
}
