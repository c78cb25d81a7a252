import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { QuotaService } from './quota.service';

/** Reservations in memory: id -> expiry (ms), with a fixed room. */
function fakeRepo(room: number) {
  const rows = new Map<string, { bytes: number; expiresAt: number }>();
  const held = (now: number, except?: string) =>
    [...rows].filter(([id, r]) => id !== except && r.expiresAt > now).reduce((n, [, r]) => n + r.bytes, 0);
  return {
    rows,
    extended: 0,
    async reserve(r: { id: string; bytes: number; now: Date; expiresAt: Date }) {
      if (held(r.now.getTime(), r.id) + r.bytes > room) return false;
      rows.set(r.id, { bytes: r.bytes, expiresAt: r.expiresAt.getTime() });
      return true;
    },
    async hasRoom(_tx: Db, _userId: string, bytes: number, now: Date) {
      return held(now.getTime()) + bytes <= room;
    },
    async extend(id: string, now: Date, expiresAt: Date) {
      const row = rows.get(id);
      if (!row || row.expiresAt <= now.getTime()) return false;
      row.expiresAt = expiresAt.getTime();
      this.extended += 1;
      return true;
    },
    async settle(_tx: Db, id: string, now: Date) {
      const row = rows.get(id);
      rows.delete(id);
      return row !== undefined && row.expiresAt > now.getTime();
    },
    async release(id: string) {
      rows.delete(id);
    },
  };
}

const tx = {} as Db;
const INSTANCE = '00000000-0000-4000-8000-000000000001';

describe('QuotaService', () => {
  it('keeps a reservation alive while the upload is in this process, and stops once settled', async () => {
    const repo = fakeRepo(1000);
    const clock = { now: () => new Date() };
    const quota = new QuotaService(repo, clock, INSTANCE, 30);
    const r = await quota.reserve('u', 500, { keepAlive: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(repo.extended).toBeGreaterThanOrEqual(2);
    expect(repo.rows.get(r.id)?.expiresAt).toBeGreaterThan(Date.now());
    await quota.release(r);
    const after = repo.extended;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(repo.extended).toBe(after);
    expect(repo.rows.size).toBe(0);
  });

  it('does not renew a reservation made without keepAlive (a resumable upload renews on its own)', async () => {
    const repo = fakeRepo(1000);
    let now = 0;
    const quota = new QuotaService(repo, { now: () => new Date(now) }, INSTANCE, 1000);
    const r = await quota.reserve('u', 500);
    now = 2000;
    expect(await quota.reserve('u', 1000)).toBeDefined();
    // The lapsed one no longer fits.
    await expect(quota.refresh(r)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('settles a live reservation without checking the room; a lapsed one must still fit', async () => {
    const repo = fakeRepo(1000);
    let now = 0;
    const quota = new QuotaService(repo, { now: () => new Date(now) }, INSTANCE, 1000);
    const live = await quota.reserve('u', 1000);
    await quota.settle(tx, live, 1000);
    expect(repo.rows.size).toBe(0);

    const lapsed = await quota.reserve('u', 600);
    now = 5000;
    await quota.reserve('u', 600);
    await expect(quota.settle(tx, lapsed, 600)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await expect(quota.settle(tx, { ...lapsed, id: 'other' }, 400)).resolves.toBeUndefined();
  });
});
