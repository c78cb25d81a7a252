import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3Server } from '../../../test/s3-server.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tempObjects, upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser, tokenFor } from '../../../test/users.fixture';
import { blobs, files, jobRuns } from '../../db/schema/index';
import { UsersRepository } from '../users/users.repository';
import { BlobStore } from './blob-store.service';
import { COLLECT_GARBAGE_JOB } from './storage-gc.job';

const HOUR = 60 * 60 * 1000;
const drivers = ['local', 's3'] as const;

describe.each(drivers)('storage garbage collection (%s driver)', (driver) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;

  beforeAll(async () => {
    // The stand-in pages ListObjectsV2 as S3 does (s3rver cannot continue a listing).
    if (driver === 's3') s3 = await startTestS3('standin');
    t = await createTestApp(s3?.env ?? {});
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const db = () => t.app.ctx.database.db;
  const storage = () => t.app.ctx.storage;
  const exists = async (key: string) => (await storage().stat(key)) !== null;
  const blobOf = async (fileId: string) => {
    const [row] = await db()
      .select({ id: blobs.id, key: blobs.storageKey, refCount: blobs.refCount })
      .from(files)
      .innerJoin(blobs, eq(blobs.id, files.blobId))
      .where(eq(files.id, fileId));
    if (!row) throw new Error(`no blob for file ${fileId}`);
    return row;
  };
  /** Runs the job the way the scheduler does, and returns what it recorded. */
  async function collect(): Promise<string | null> {
    expect(await t.app.ctx.jobs.runNow(COLLECT_GARBAGE_JOB)).toBe(true);
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.name, COLLECT_GARBAGE_JOB));
    expect(run?.lastStatus).toBe('succeeded');
    return run?.progress ?? null;
  }
  /** Bytes written straight to the storage, as a crash between moving them and the row leaves them. */
  async function strayObject(key = BlobStore.newKey()): Promise<string> {
    const temp = randomBytes(8).toString('hex');
    await storage().putTemp(temp, Readable.from([randomBytes(1000)]));
    await storage().commit(temp, key);
    return key;
  }
  async function download(user: TestUser, fileId: string) {
    // A fresh token: the test clock may have moved past the first one's lifetime.
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/files/${fileId}/download-link`,
      headers: { authorization: `Bearer ${await tokenFor(t.app, user.user)}` },
    });
    expect(link.statusCode).toBe(200);
    return t.app.inject({ method: 'GET', url: link.json().url });
  }

  it('deletes committed objects without a blob row once past the grace period, and temp leftovers', async () => {
    const user = await createTestUser(t.app);
    const kept = await upload(t.app, user.headers, { data: randomBytes(5000) });
    const keptKey = (await blobOf(kept.json().file.id)).key;
    const orphan = await strayObject();
    // Not one of ours: a bucket may hold other things, and the collector never touches them.
    const foreign = await strayObject('backups/2024/db-dump');
    const temp = randomBytes(8).toString('hex');
    await storage().putTemp(temp, Readable.from([Buffer.from('cut short')]));
    expect(await tempObjects(t.app)).toBe(1);

    // Young: an upload may be committing it right now.
    await collect();
    expect(await exists(orphan)).toBe(true);
    expect(await tempObjects(t.app)).toBe(1);

    t.clock.advance(HOUR + 60_000);
    expect(await collect()).toMatch(/ 1 objects without a blob, 1 temporary objects$/);
    expect(await exists(orphan)).toBe(false);
    expect(await tempObjects(t.app)).toBe(0);
    expect(await exists(keptKey)).toBe(true);
    expect(await exists(foreign)).toBe(true);
    expect((await download(user, kept.json().file.id)).statusCode).toBe(200);
  });

  it('deletes blob rows no file references, and their bytes', async () => {
    const user = await createTestUser(t.app);
    const res = await upload(t.app, user.headers, { data: randomBytes(3000) });
    const blob = await blobOf(res.json().file.id);
    // A row at zero references whose file row is gone (what a deleted user leaves behind).
    await db().delete(files).where(eq(files.id, res.json().file.id));
    await db().update(blobs).set({ refCount: 0 }).where(eq(blobs.id, blob.id));
    await collect();
    expect(await db().select().from(blobs).where(eq(blobs.id, blob.id))).toEqual([]);
    expect(await exists(blob.key)).toBe(false);
  });

  it('never deletes a blob a file still points at, whatever its count says', async () => {
    const user = await createTestUser(t.app);
    const res = await upload(t.app, user.headers, { data: randomBytes(2000) });
    const blob = await blobOf(res.json().file.id);
    await db().update(blobs).set({ refCount: 0 }).where(eq(blobs.id, blob.id));
    await collect();
    expect(await db().select({ id: blobs.id }).from(blobs).where(eq(blobs.id, blob.id))).toHaveLength(1);
    expect(await exists(blob.key)).toBe(true);
    expect((await download(user, res.json().file.id)).statusCode).toBe(200);
    await db().update(blobs).set({ refCount: 1 }).where(eq(blobs.id, blob.id));
  });

  it('deleting a user keeps content shared with another user and collects what was only theirs', async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    const shared = randomBytes(20_000);
    const own = randomBytes(10_000);
    const aliceShared = await upload(t.app, alice.headers, { data: shared, filename: 'a.bin' });
    const aliceOwn = await upload(t.app, alice.headers, { data: own, filename: 'mine.bin' });
    // Twice in alice's files: both references go with her.
    await upload(t.app, alice.headers, { data: own, filename: 'mine again.bin' });
    const bobShared = await upload(t.app, bob.headers, { data: shared, filename: 'b.bin' });
    expect(bobShared.json().deduplicated).toBe(false);
    const sharedBlob = await blobOf(bobShared.json().file.id);
    const ownBlob = await blobOf(aliceOwn.json().file.id);
    expect(sharedBlob.id).toBe((await blobOf(aliceShared.json().file.id)).id);
    expect(sharedBlob.refCount).toBe(2);
    expect(ownBlob.refCount).toBe(2);

    await new UsersRepository(db()).delete(alice.user.id);

    expect(await db().select().from(files).where(eq(files.ownerId, alice.user.id))).toEqual([]);
    const counts = await db()
      .select({ id: blobs.id, refCount: blobs.refCount })
      .from(blobs)
      .where(sql`${blobs.id} in (${sharedBlob.id}, ${ownBlob.id})`);
    expect(Object.fromEntries(counts.map((c) => [c.id, c.refCount]))).toEqual({
      [sharedBlob.id]: 1,
      [ownBlob.id]: 0,
    });

    await collect();
    expect(await db().select().from(blobs).where(eq(blobs.id, ownBlob.id))).toEqual([]);
    expect(await exists(ownBlob.key)).toBe(false);
    expect(await exists(sharedBlob.key)).toBe(true);
    const res = await download(bob, bobShared.json().file.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(shared)).toBe(true);
  });
});
