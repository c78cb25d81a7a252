import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TusLocalStore } from './tus-local-store';

const KiB = 1024;

/** What FileHandle's methods live on (the class is not exported by node:fs/promises). */
async function fileHandlePrototype(dir: string) {
  const handle = await open(path.join(dir, 'probe'), 'w');
  await handle.close();
  return Object.getPrototypeOf(handle) as { datasync(): Promise<void> };
}

/** fdatasync calls held until released (or failed) by the test. */
function holdFlushes(proto: { datasync(): Promise<void> }) {
  const held: { resolve(): void; reject(err: Error): void }[] = [];
  const spy = vi
    .spyOn(proto, 'datasync')
    .mockImplementation(() => new Promise<void>((resolve, reject) => held.push({ resolve, reject })));
  return { held, spy };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise((r) => setTimeout(() => r(false), 50)),
  ]);

describe('TusLocalStore: a request does not wait for its background flush', () => {
  let dir: string;
  let store: TusLocalStore;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stratos-tus-store-'));
    // A flush starts every 64 KiB: every request below starts one.
    store = new TusLocalStore({ directory: dir, flushEveryBytes: 64 * KiB });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newUpload(size: number) {
    const id = `u${randomBytes(8).toString('hex')}`;
    await store.create(new Upload({ id, size, offset: 0 }));
    return id;
  }

  it('answers while its flush runs; the next request and the digest learn how it went', async () => {
    const { held } = holdFlushes(await fileHandlePrototype(dir));
    const bytes = randomBytes(512 * KiB);
    const id = await newUpload(bytes.length);
    const first = bytes.subarray(0, 256 * KiB);
    await expect(store.writeFrom(Readable.from([first]), id, 0, { maxBytes: bytes.length })).resolves.toBe(
      first.length,
    );
    expect(held).toHaveLength(1);
    // The next request writes while the earlier flush runs, and answers once it knows it went through.
    const second = store.writeFrom(Readable.from([bytes.subarray(256 * KiB)]), id, 256 * KiB, {
      maxBytes: bytes.length,
    });
    expect(await settled(second)).toBe(false);
    expect(held).toHaveLength(2);
    held[0]?.resolve();
    await expect(second).resolves.toBe(bytes.length);
    // Its own flush still runs: the digest of the finished upload waits for it.
    const digest = store.sha256(id, bytes.length);
    expect(await settled(digest)).toBe(false);
    held[1]?.resolve();
    expect(await digest).toBe(sha256(bytes));
  });

  it("a flush that fails fails the upload's next request, which then resumes from the file", async () => {
    const proto = await fileHandlePrototype(dir);
    const { held, spy } = holdFlushes(proto);
    const bytes = randomBytes(384 * KiB);
    const id = await newUpload(bytes.length);
    await store.writeFrom(Readable.from([bytes.subarray(0, 128 * KiB)]), id, 0, { maxBytes: bytes.length });
    for (const h of held) h.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    spy.mockRestore();
    await expect(
      store.writeFrom(Readable.from([bytes.subarray(128 * KiB, 256 * KiB)]), id, 128 * KiB, {
        maxBytes: bytes.length,
      }),
    ).rejects.toMatchObject({ code: 'EIO' });
    // Reported once: the client resumes (its bytes are in the file) and the hash is rebuilt from it.
    await store.writeFrom(Readable.from([bytes.subarray(256 * KiB)]), id, 256 * KiB, {
      maxBytes: bytes.length,
    });
    expect(await store.sha256(id, bytes.length)).toBe(sha256(bytes));
  });

  it("a request that fails before writing leaves the earlier flush's failure for the next step", async () => {
    const { held, spy } = holdFlushes(await fileHandlePrototype(dir));
    const bytes = randomBytes(256 * KiB);
    const id = await newUpload(bytes.length);
    await store.writeFrom(Readable.from([bytes.subarray(0, 128 * KiB)]), id, 0, { maxBytes: bytes.length });
    for (const h of held) h.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    spy.mockRestore();
    rmSync(path.join(dir, id));
    await expect(
      store.writeFrom(Readable.from([bytes.subarray(128 * KiB)]), id, 128 * KiB, { maxBytes: bytes.length }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.sha256(id, bytes.length)).rejects.toMatchObject({ code: 'EIO' });
  });

  it('a flush that fails after the last request fails the digest', async () => {
    const { held } = holdFlushes(await fileHandlePrototype(dir));
    const bytes = randomBytes(128 * KiB);
    const id = await newUpload(bytes.length);
    await store.writeFrom(Readable.from([bytes]), id, 0, { maxBytes: bytes.length });
    for (const h of held)
      h.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    await expect(store.sha256(id, bytes.length)).rejects.toMatchObject({ name: 'StorageFullError' });
  });
});
