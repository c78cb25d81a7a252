import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFolder, storeFile } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { aiFileAnalyses, plans, storageEvents, transfers } from '../../db/schema/index';

const DAY = 24 * 60 * 60 * 1000;
const GIB = 1024 ** 3;

describe('storage figures, analytics and the dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const get = (u: TestUser, url: string, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: u.headers, query });
  const utcDay = (daysAgo: number, hour = 12) => {
    const now = t.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour));
  };

  /** Three files (one of them in the bin) stored through the blob store, so the account is real. */
  async function stocked() {
    const u = await createTestUser(t.app);
    const folder = await insertFolder(db(), { ownerId: u.user.id, name: 'Pics' });
    const photo = await storeFile(t.app, {
      ownerId: u.user.id,
      name: 'a.png',
      data: 'x'.repeat(300),
      mimeType: 'image/png',
      folderId: folder.id,
    });
    const doc = await storeFile(t.app, {
      ownerId: u.user.id,
      name: 'b.pdf',
      data: 'y'.repeat(200),
      mimeType: 'application/pdf',
    });
    const zip = await storeFile(t.app, {
      ownerId: u.user.id,
      name: 'c.zip',
      data: 'z'.repeat(50),
      mimeType: 'application/zip',
    });
    await t.app.inject({ method: 'DELETE', url: `/api/files/${zip.id}`, headers: u.headers });
    return { u, folder, photo, doc, zip };
  }

  it('GET /api/user/storage: stored bytes and files, the recycle bin included', async () => {
    const { u } = await stocked();
    const res = await get(u, '/api/user/storage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalSize: 550, fileCount: 3 });
    const fresh = await createTestUser(t.app);
    expect((await get(fresh, '/api/user/storage')).json()).toEqual({ totalSize: 0, fileCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/storage' })).statusCode).toBe(401);
  });

  it('GET /api/analytics: totals, types by category, and 30 days of cumulative storage', async () => {
    const { u } = await stocked();
    // A separate ledger for exact day totals: before the window, inside it, today, and after "now".
    const events = [
      { at: utcDay(40), bytes: 1000, files: 2 },
      { at: utcDay(10, 1), bytes: 500, files: 1 },
      { at: utcDay(10, 23), bytes: 250, files: 1 },
      { at: utcDay(0, 0), bytes: -200, files: -1 },
      { at: new Date(t.clock.now().getTime() + DAY), bytes: 99_999, files: 9 },
    ];
    const ledgerUser = await createTestUser(t.app);
    await db()
      .insert(storageEvents)
      .values(
        events.map((e) => ({
          userId: ledgerUser.user.id,
          deltaBytes: e.bytes,
          deltaFiles: e.files,
          reason: e.bytes > 0 ? ('upload' as const) : ('purge' as const),
          createdAt: e.at,
        })),
      );

    const res = await get(u, '/api/analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalFiles).toBe(3);
    expect(body.totalSize).toBe(550);
    expect(body.fileTypes).toEqual({
      image: { count: 1, size: 300 },
      video: { count: 0, size: 0 },
      audio: { count: 0, size: 0 },
      document: { count: 1, size: 200 },
      archive: { count: 1, size: 50 },
      code: { count: 0, size: 0 },
      other: { count: 0, size: 0 },
    });
    expect(body.storageOverTime).toHaveLength(30);
    expect(body.storageOverTime.at(-1)).toMatchObject({
      date: utcDay(0).toISOString().slice(0, 10),
      totalSize: 550,
      fileCount: 3,
    });

    const ledger = (await get(ledgerUser, '/api/analytics')).json().storageOverTime;
    expect(ledger.map((d: { date: string }) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        utcDay(29 - i)
          .toISOString()
          .slice(0, 10),
      ),
    );
    const expected = Array.from({ length: 30 }, (_, i) => {
      const daysAgo = 29 - i;
      let size = 1000;
      let files = 2;
      if (daysAgo <= 10) {
        size += 750;
        files += 2;
      }
      if (daysAgo === 0) {
        size -= 200;
        files -= 1;
      }
      return { size, files };
    });
    expect(
      ledger.map((d: { totalSize: number; fileCount: number }) => ({
        size: d.totalSize,
        files: d.fileCount,
      })),
    ).toEqual(expected);
  });

  it('GET /api/storage/usage/:userId and /transfers/:userId: own figures, admins anyone, others 403', async () => {
    const { u } = await stocked();
    const other = await createTestUser(t.app);
    const admin = await createTestUser(t.app, { role: 'admin' });
    await db()
      .insert(transfers)
      .values([
        {
          userId: u.user.id,
          bytes: GIB / 2,
          kind: 'download',
          createdAt: new Date(t.clock.now().getTime() - 5 * DAY),
        },
        {
          userId: u.user.id,
          bytes: GIB / 4,
          kind: 'share_download',
          createdAt: new Date(t.clock.now().getTime() - DAY),
        },
        {
          userId: u.user.id,
          bytes: GIB,
          kind: 'download',
          createdAt: new Date(t.clock.now().getTime() - 40 * DAY),
        },
        { userId: other.user.id, bytes: GIB, kind: 'download' },
      ]);

    const usage = await get(u, `/api/storage/usage/${u.user.id}`);
    expect(usage.statusCode).toBe(200);
    expect(usage.json().totalStorageGB).toBeCloseTo(550 / GIB, 12);

    expect((await get(u, `/api/storage/transfers/${u.user.id}`)).json()).toEqual({
      totalTransferGB: 0.75,
      days: 30,
    });
    expect((await get(u, `/api/storage/transfers/${u.user.id}`, { days: '60' })).json()).toEqual({
      totalTransferGB: 1.75,
      days: 60,
    });
    expect((await get(u, `/api/storage/transfers/${u.user.id}`, { days: '2' })).json().totalTransferGB).toBe(
      0.25,
    );

    for (const url of [`/api/storage/usage/${u.user.id}`, `/api/storage/transfers/${u.user.id}`]) {
      const denied = await get(other, url);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
      expect((await get(admin, url)).statusCode).toBe(200);
    }
    expect((await get(admin, `/api/storage/usage/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(u, `/api/storage/transfers/${u.user.id}`, { days: '0' })).statusCode).toBe(400);
    expect((await get(u, '/api/storage/usage/me')).statusCode).toBe(400);
  });

  it('GET /api/dashboard: figures, deduplication savings, quota, recent files and transfer, from stored data', async () => {
    const a = await createTestUser(t.app);
    const b = await createTestUser(t.app);
    const folder = await insertFolder(db(), { ownerId: a.user.id, name: 'Work' });
    const same = 'd'.repeat(1000);
    // The same bytes three times (twice for A, once for B): one blob with three references.
    await storeFile(t.app, { ownerId: a.user.id, name: 'copy-1.txt', data: same, mimeType: 'text/plain' });
    const theirs = await storeFile(t.app, {
      ownerId: b.user.id,
      name: 'theirs.txt',
      data: same,
      mimeType: 'text/plain',
    });
    const stored = [];
    for (let i = 0; i < 11; i++) {
      t.clock.advance(1000);
      stored.push(
        await storeFile(t.app, {
          ownerId: a.user.id,
          name: `f${i}.json`,
          data: `unique ${i}`,
          mimeType: 'application/json',
          folderId: i % 2 ? folder.id : null,
        }),
      );
    }
    t.clock.advance(1000);
    const copy2 = await storeFile(t.app, {
      ownerId: a.user.id,
      name: 'copy-2.txt',
      data: same,
      mimeType: 'text/plain',
    });
    t.clock.advance(1000);
    const binned = await storeFile(t.app, { ownerId: a.user.id, name: 'binned.txt', data: 'bin' });
    await t.app.inject({ method: 'DELETE', url: `/api/files/${binned.id}`, headers: a.headers });
    await db().insert(transfers).values({ userId: a.user.id, bytes: 4321, kind: 'download' });
    // Completed analysis runs of live files count (a re-analysed file twice); a binned file's, a
    // pending one's and another user's do not.
    const analysis = (fileId: string, userId: string, runs: number, status: 'completed' | 'pending') => ({
      fileId,
      userId,
      runs,
      status,
      completedAt: runs > 0 ? new Date() : null,
    });
    await db()
      .insert(aiFileAnalyses)
      .values([
        analysis(copy2.id, a.user.id, 2, 'completed'),
        analysis(stored[0]?.id as string, a.user.id, 1, 'completed'),
        analysis(stored[1]?.id as string, a.user.id, 0, 'pending'),
        analysis(binned.id, a.user.id, 4, 'completed'),
        analysis(theirs.id, b.user.id, 5, 'completed'),
      ]);

    const res = await get(a, '/api/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const uniqueBytes = stored.reduce((n, f) => n + f.size, 0);
    const [freePlan] = await db().select().from(plans).where(eq(plans.id, 'free'));
    // Two copies in a's own files: one is not stored twice. b's copy of the same bytes counts for
    // neither (it would tell a that b holds them).
    const saved = 1000;
    expect(body.stats).toMatchObject({
      totalFiles: 14,
      totalSize: 2000 + uniqueBytes + 3,
      totalAnalyses: 3,
      dedupSavedBytes: saved,
      quotaBytes: freePlan?.storageBytes,
      fileTypes: expect.objectContaining({
        document: { count: 2, size: 2000 },
        code: { count: 11, size: uniqueBytes },
        other: { count: 1, size: 3 },
      }),
    });
    expect(body.stats.costSavingsPerMonth).toBeCloseTo((saved / GIB) * 0.2, 6);
    expect(body.transferLast30DaysBytes).toBe(4321);
    expect(body.recentFiles).toHaveLength(10);
    expect(body.recentFiles[0]).toMatchObject({ id: copy2.id, path: '/My Files' });
    expect(body.recentFiles.map((f: { name: string }) => f.name)).toEqual([
      'copy-2.txt',
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `f${i}.json`),
    ]);
    expect(body.recentFiles.find((f: { name: string }) => f.name === 'f9.json').path).toBe('/My Files/Work');

    const bStats = (await get(b, '/api/dashboard')).json().stats;
    expect(bStats).toMatchObject({
      totalFiles: 1,
      totalAnalyses: 5,
      dedupSavedBytes: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
