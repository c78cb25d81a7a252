import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { storageState, tempObjects, upload } from '../../../test/upload.fixture';
import { createTestUser } from '../../../test/users.fixture';
import { storageAccounts, uploadReservations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createUploadService, type UploadService } from './upload.service';
import { EXPIRE_RESERVATIONS_JOB } from './upload-reservations.job';
import { UploadReservationsRepository } from './upload-reservations.repository';

const TTL_SECONDS = 120;
const QUOTA = 5 * 1024 ** 3;

describe('quota reservations', () => {
  let t: TestApp;
  let uploads: UploadService;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_RESERVATION_TTL_SECONDS: String(TTL_SECONDS) });
    uploads = createUploadService(t.app.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.database.db;
  const reservationsOf = (userId: string) =>
    db().select().from(uploadReservations).where(eq(uploadReservations.userId, userId));
  const pastTtl = () => t.clock.advance(TTL_SECONDS * 1000 + 1000);

  /** A user whose plan (free, 5 GB) has only `left` bytes to spare. */
  async function userWithRoomFor(left: number) {
    const user = await createTestUser(t.app);
    await db()
      .insert(storageAccounts)
      .values({ userId: user.user.id, usedBytes: QUOTA - left, fileCount: 0 });
    return user;
  }

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'reserved',
      (err) => (err instanceof AppError ? err.code : String(err)),
    );

  it('a reservation left behind by a crash stops counting once expired; the job deletes it', async () => {
    const user = await userWithRoomFor(2000);
    // An upload that reserved and then its process died: nothing will ever release it.
    await uploads.reserve(user.user.id, 1500);
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(1500);
    const blocked = await upload(t.app, user.headers, { data: randomBytes(1000) });
    expect(blocked.statusCode).toBe(413);
    expect(blocked.json().error.code).toBe('QUOTA_EXCEEDED');

    pastTtl();
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(0);
    const ok = await upload(t.app, user.headers, { data: randomBytes(1000) });
    expect(ok.statusCode).toBe(201);
    // The committed upload's own reservation went with its commit; the crashed one is still a row.
    expect((await reservationsOf(user.user.id)).map((r) => r.bytes)).toEqual([1500]);

    expect(await t.app.ctx.jobs.runNow(EXPIRE_RESERVATIONS_JOB)).toBe(true);
    expect(await reservationsOf(user.user.id)).toEqual([]);
    expect(await storageState(t.app, user.user.id)).toMatchObject({ usedBytes: QUOTA - 1000, fileCount: 1 });
  });

  it('the expiry job keeps reservations that have not expired', async () => {
    const user = await userWithRoomFor(10_000);
    await uploads.reserve(user.user.id, 100);
    expect(await t.app.ctx.jobs.runNow(EXPIRE_RESERVATIONS_JOB)).toBe(true);
    expect(await reservationsOf(user.user.id)).toHaveLength(1);
  });

  it('concurrent reservations that together exceed the quota: only those that fit get through', async () => {
    const user = await userWithRoomFor(3500);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => codeOf(uploads.reserve(user.user.id, 1000))),
    );
    expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'QUOTA_EXCEEDED')).toHaveLength(7);
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(3000);
  });

  it('a reservation waits for one of the same user still in flight, then counts it', async () => {
    const user = await userWithRoomFor(1500);
    let second: Promise<string> | undefined;
    await db().transaction(async (tx) => {
      const now = t.clock.now();
      const first = await new UploadReservationsRepository(tx).reserve({
        id: randomUUID(),
        userId: user.user.id,
        bytes: 1000,
        now,
        expiresAt: new Date(now.getTime() + 60_000),
        instanceId: t.app.ctx.instance.id,
      });
      expect(first).toBe(true);
      // Not committed yet: without the account-row lock this one would not see the first.
      second = codeOf(uploads.reserve(user.user.id, 1000));
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(await second).toBe('QUOTA_EXCEEDED');
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(1000);
  });

  it('releasing gives the bytes back at once', async () => {
    const user = await userWithRoomFor(1000);
    const r = await uploads.reserve(user.user.id, 1000);
    expect(await codeOf(uploads.reserve(user.user.id, 1))).toBe('QUOTA_EXCEEDED');
    await uploads.releaseReservation(r);
    expect(await reservationsOf(user.user.id)).toEqual([]);
    expect(await codeOf(uploads.reserve(user.user.id, 1000))).toBe('reserved');
  });

  it('renewing pushes the expiry on; a lapsed one is taken again only if it still fits', async () => {
    const user = await userWithRoomFor(2000);
    const r = await uploads.reserve(user.user.id, 1500);
    t.clock.advance(TTL_SECONDS * 600);
    await uploads.refreshReservation(r);
    t.clock.advance(TTL_SECONDS * 600);
    // 1.2 TTLs after it was made, and still held.
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(1500);

    pastTtl();
    const other = await uploads.reserve(user.user.id, 1000);
    expect(await codeOf(uploads.refreshReservation(r))).toBe('QUOTA_EXCEEDED');
    await uploads.releaseReservation(other);
    expect(await codeOf(uploads.refreshReservation(r))).toBe('reserved');
    expect((await reservationsOf(user.user.id)).map((x) => x.id)).toEqual([r.id]);
  });

  it('a commit whose reservation lapsed checks the quota again, and keeps nothing when it is full', async () => {
    const user = await userWithRoomFor(3000);
    const lapsed = await uploads.reserve(user.user.id, 2000);
    pastTtl();
    // Meanwhile another upload took the room the lapsed reservation no longer held.
    await uploads.reserve(user.user.id, 2000);
    const store = (reservation: typeof lapsed) =>
      uploads.storeStream({
        userId: user.user.id,
        name: 'late.bin',
        source: Readable.from([randomBytes(2000)]),
        maxBytes: 10_000,
        reservation,
      });
    expect(await codeOf(store(lapsed))).toBe('QUOTA_EXCEEDED');
    const state = await storageState(t.app, user.user.id);
    expect(state).toMatchObject({ files: [], usedBytes: QUOTA - 3000, fileCount: 0 });
    expect(await tempObjects(t.app)).toBe(0);

    // With room left, a lapsed reservation still commits.
    const roomy = await userWithRoomFor(10_000);
    const late = await uploads.reserve(roomy.user.id, 2000);
    pastTtl();
    const done = await uploads.storeStream({
      userId: roomy.user.id,
      name: 'late.bin',
      source: Readable.from([randomBytes(2000)]),
      maxBytes: 10_000,
      reservation: late,
    });
    expect(done.file.size).toBe(2000);
    expect(await reservationsOf(roomy.user.id)).toEqual([]);
  });
});
