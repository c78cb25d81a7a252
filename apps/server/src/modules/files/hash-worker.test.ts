import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { HashingStream, RunningHash, StreamTooLargeError } from './hash-worker';

const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
const chunks = (data: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );

describe.each([
  { where: 'on the worker thread', onMainThread: false },
  { where: 'on the main thread (a process allowed one core)', onMainThread: true },
])('HashingStream $where', (mode) => {
  it('computes the SHA-256 of what passes through, unchanged', async () => {
    const data = randomBytes(20 * 1024 * 1024 + 17);
    const hashing = new HashingStream(undefined, mode);
    const out: Buffer[] = [];
    await pipeline(
      chunks(data, 65_536 + 3),
      hashing,
      new Writable({
        write: (c, _e, cb) => {
          out.push(c);
          cb();
        },
      }),
    );
    expect(hashing.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(hashing.bytes).toBe(data.length);
    expect(Buffer.concat(out).equals(data)).toBe(true);
  });

  it('hashes many streams at once without mixing them up', async () => {
    const inputs = Array.from({ length: 8 }, (_, i) => randomBytes(1024 * 1024 + i * 999));
    const results = await Promise.all(
      inputs.map(async (data) => {
        const hashing = new HashingStream(undefined, mode);
        await pipeline(chunks(data, 40_000), hashing, sink());
        return hashing.sha256;
      }),
    );
    expect(results).toEqual(inputs.map((d) => createHash('sha256').update(d).digest('hex')));
  });

  it('hashes an empty stream', async () => {
    const hashing = new HashingStream(undefined, mode);
    await pipeline(Readable.from([]), hashing, sink());
    expect(hashing.sha256).toBe(createHash('sha256').digest('hex'));
  });

  it('fails past maxBytes and can be destroyed midway', async () => {
    const hashing = new HashingStream(1000, mode);
    await expect(pipeline(chunks(randomBytes(5000), 600), hashing, sink())).rejects.toBeInstanceOf(
      StreamTooLargeError,
    );
    const cut = new HashingStream(undefined, mode);
    const source = new Readable({ read() {} });
    const done = pipeline(source, cut, sink());
    source.push(randomBytes(3 * 1024 * 1024));
    source.destroy(new Error('gone'));
    await expect(done).rejects.toThrow('gone');
    // The worker is still fine for the next stream.
    const next = new HashingStream(undefined, mode);
    await pipeline(Readable.from([Buffer.from('abc')]), next, sink());
    expect(next.sha256).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('keeps a running hash across pieces fed at different times, and finishes it once', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 5);
    const hash = new RunningHash(mode);
    hash.update(data.subarray(0, 100));
    await hash.drained();
    hash.flush();
    hash.update(data.subarray(100));
    expect(hash.bytes).toBe(data.length);
    expect(await hash.digest()).toBe(createHash('sha256').update(data).digest('hex'));
    expect(() => hash.update(Buffer.from('more'))).toThrow('hash already finished');
  });
});
