import { Transform, type TransformCallback } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of upload streams, computed on a worker thread so the event loop (which also runs
 * PGlite and every other request) only parses and copies: hashing is the largest CPU cost of an
 * upload (~1.3 ms per MiB here), and off the main thread it overlaps with receiving and writing.
 */
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
const BATCH = 1024 * 1024;
/** Bytes in flight to the worker before the stream waits for it (bounds memory). */
const MAX_IN_FLIGHT = 8 * 1024 * 1024;
/** Batch buffers kept for reuse. */
const POOL_MAX = 32;

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
 * Passes bytes through unchanged while the worker hashes a copy of them; counts them and fails
 * with `StreamTooLargeError` past `maxBytes`. `sha256` is set once the stream has ended.
 */
export class HashingStream extends Transform {
  bytes = 0;
  sha256 = '';
  private readonly id: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private inFlight = 0;
  private waiting: ((err?: Error | null) => void) | null = null;
  private finishing: ((err?: Error | null) => void) | null = null;
  private failure: Error | null = null;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super({ highWaterMark: 1024 * 1024 });
    this.id = shared.open({
      onAck: (n) => {
        this.inFlight -= n;
        if (this.waiting && this.inFlight <= MAX_IN_FLIGHT) {
          const go = this.waiting;
          this.waiting = null;
          go();
        }
      },
      onDigest: (hex) => {
        this.sha256 = hex;
        const done = this.finishing;
        this.finishing = null;
        done?.();
      },
      onError: (err) => {
        this.failure = err;
        const go = this.waiting ?? this.finishing;
        this.waiting = null;
        this.finishing = null;
        if (go) go(err);
        else this.destroy(err);
      },
    });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    if (this.failure) {
      cb(this.failure);
      return;
    }
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      cb(new StreamTooLargeError(this.maxBytes));
      return;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= BATCH) this.send();
    this.push(chunk);
    if (this.inFlight > MAX_IN_FLIGHT) {
      this.waiting = (err?: Error | null) => cb(err);
    } else {
      cb();
    }
  }

  override _flush(cb: TransformCallback): void {
    if (this.failure) {
      cb(this.failure);
      return;
    }
    this.send();
    this.finishing = (err?: Error | null) => cb(err);
    shared.digest(this.id);
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void): void {
    if (!this.sha256) shared.cancel(this.id);
    cb(err);
  }

  /** One copy of the pending chunks into a batch buffer the worker takes over (and gives back). */
  private send(): void {
    while (this.pendingBytes > 0) {
      const buf = shared.buffer();
      const view = new Uint8Array(buf);
      let at = 0;
      while (this.pending.length > 0 && at < BATCH) {
        const c = this.pending[0] as Buffer;
        const n = Math.min(c.length, BATCH - at);
        view.set(n === c.length ? c : c.subarray(0, n), at);
        at += n;
        if (n === c.length) this.pending.shift();
        else this.pending[0] = c.subarray(n);
      }
      this.pendingBytes -= at;
      this.inFlight += at;
      shared.update(this.id, buf, at);
    }
  }
}
