import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { sha256 } from '../../../test/upload.fixture';
import type { Database } from '../../db/client';
import { blobs } from '../../db/schema/index';
import { LocalStorageDriver } from '../../storage/local.driver';
import { BlobStore, StreamTooLargeError } from './blob-store.service';
import { BlobsRepository } from './blobs.repository';

describe('BlobStore', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let root: string;
  let storage: LocalStorageDriver;
  let store: BlobStore;
  const quiet = { warn: () => {} };

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    root = mkdtempSync(path.join(tmpdir(), 'stratos-blobstore-'));
    storage = new LocalStorageDriver(root);
    store = new BlobStore(database.db, storage, quiet);
  });
  afterAll(async () => {
    await dispose();
    rmSync(root, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const contentFiles = () =>
    readdirSync(storage.contentDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
      .length;
  const tempFiles = () => readdirSync(storage.tempDir).length;

  it('hashes and counts while streaming to a temporary object', async () => {
    const data = randomBytes(300_000);
    const temp = await store.writeTemp(Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    expect(temp.size).toBe(data.length);
    expect(temp.sha256).toBe(sha256(data));
    expect(tempFiles()).toBe(1);
    await store.discard(temp);
    expect(tempFiles()).toBe(0);
  });

  it('refuses a stream past the limit and keeps nothing', async () => {
    await expect(
      store.writeTemp(Readable.from([randomBytes(600), randomBytes(600)]), 1000),
    ).rejects.toBeInstanceOf(StreamTooLargeError);
    expect(tempFiles()).toBe(0);
  });

  it('commits new content under a new key and adds a reference for the same content', async () => {
    const data = randomBytes(5000);
    const before = contentFiles();
    const a = await store.commitTemp(
      await store.writeTemp(Readable.from([data])),
      async (_tx, blob) => blob.id,
    );
    const b = await store.commitTemp(
      await store.writeTemp(Readable.from([data])),
      async (_tx, blob) => blob.id,
    );
    expect(a.blob.deduplicated).toBe(false);
    expect(b.blob.deduplicated).toBe(true);
    expect(b.value).toBe(a.value);
    const [row] = await database.db.select().from(blobs).where(eq(blobs.id, a.value));
    expect(row).toMatchObject({ refCount: 2, size: 5000, sha256: sha256(data), backend: 'local' });
    expect(contentFiles()).toBe(before + 1);
    expect(tempFiles()).toBe(0);
    expect((await buffer(await storage.get(row?.storageKey ?? ''))).equals(data)).toBe(true);
  });

  it('rolls back completely when the caller fails inside the transaction', async () => {
    const data = randomBytes(5000);
    const before = contentFiles();
    const temp = await store.writeTemp(Readable.from([data]));
    await expect(
      store.commitTemp(temp, async () => {
        throw new Error('row refused');
      }),
    ).rejects.toThrow('row refused');
    expect(
      await database.db
        .select()
        .from(blobs)
        .where(eq(blobs.sha256, sha256(data))),
    ).toEqual([]);
    expect(contentFiles()).toBe(before);
    expect(tempFiles()).toBe(0);
  });

  it('rolls back a deduplicated commit too, keeping the existing blob intact', async () => {
    const data = randomBytes(4000);
    const first = await store.commitTemp(
      await store.writeTemp(Readable.from([data])),
      async (_tx, b) => b.id,
    );
    const temp = await store.writeTemp(Readable.from([data]));
    await expect(
      store.commitTemp(temp, async () => {
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    const [row] = await database.db.select().from(blobs).where(eq(blobs.id, first.value));
    expect(row?.refCount).toBe(1);
    expect(await storage.stat(row?.storageKey ?? '')).toEqual({ size: 4000 });
    expect(tempFiles()).toBe(0);
  });

  it('keeps its own bytes when the blob it found was purged before the transaction', async () => {
    const data = randomBytes(3000);
    vi.spyOn(BlobsRepository.prototype, 'findByHash').mockResolvedValueOnce({
      id: 'gone',
      storageKey: 'aa/bb/gone',
    });
    const out = await store.commitTemp(await store.writeTemp(Readable.from([data])), async (_tx, b) => b);
    expect(out.blob.deduplicated).toBe(false);
    const [row] = await database.db.select().from(blobs).where(eq(blobs.id, out.blob.id));
    expect(row?.refCount).toBe(1);
    expect((await buffer(await storage.get(row?.storageKey ?? ''))).equals(data)).toBe(true);
    expect(tempFiles()).toBe(0);
  });

  it('release: one reference fewer; at zero the row goes and the key comes back for deleteObjects', async () => {
    const data = randomBytes(2000);
    const a = await store.commitTemp(await store.writeTemp(Readable.from([data])), async (_tx, b) => b.id);
    await store.commitTemp(await store.writeTemp(Readable.from([data])), async (_tx, b) => b.id);
    const [row] = await database.db.select().from(blobs).where(eq(blobs.id, a.value));
    const key = row?.storageKey ?? '';
    expect(await database.db.transaction((tx) => store.release(tx, a.value))).toBeNull();
    expect(await database.db.transaction((tx) => store.release(tx, a.value))).toBe(key);
    expect(await database.db.select().from(blobs).where(eq(blobs.id, a.value))).toEqual([]);
    expect(await storage.stat(key)).toEqual({ size: 2000 });
    await store.deleteObjects([key, key, 'aa/bb/never-existed']);
    expect(await storage.stat(key)).toBeNull();
  });
});
