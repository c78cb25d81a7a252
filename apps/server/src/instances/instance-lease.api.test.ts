import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/users.fixture';
import { serverInstances, uploadReservations } from '../db/schema/index';
import { UploadReservationsRepository } from '../modules/files/upload-reservations.repository';
import type { LocalStorageDriver } from '../storage/local.driver';
import { ownedTempKey } from '../storage/storage-driver';
import { hostIdentity, InstanceLease, pidAlive } from './instance-lease';
import { InstancesRepository } from './instances.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.database.db;
const instances = () => new InstancesRepository(db());
const reservations = () => new UploadReservationsRepository(db());
const storage = () => t.app.ctx.storage as LocalStorageDriver;

/** A PID no process has on this machine now. */
function deadPid(): number {
  for (let pid = 4_000_000; pid > 1000; pid -= 7919) if (!pidAlive(pid)) return pid;
  throw new Error('no free pid');
}

/** A process registered in server_instances, holding a reservation and a temporary object. */
async function processHolding(userId: string, host: string, pid: number) {
  const id = randomUUID();
  await instances().register({ id, host, pid, leaseMs: 60_000 });
  const now = t.clock.now();
  const reservationId = randomUUID();
  expect(
    await reservations().reserve({
      id: reservationId,
      userId,
      bytes: 1000,
      now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      instanceId: id,
    }),
  ).toBe(true);
  const tempKey = ownedTempKey(id);
  await storage().putTemp(tempKey, Readable.from([randomBytes(100)]));
  return { id, reservationId, tempFile: path.join(storage().tempDir, tempKey) };
}

const held = (userId: string) => reservations().heldBytes(userId, t.clock.now());
const reservationIds = async (userId: string) =>
  (await db().select().from(uploadReservations).where(eq(uploadReservations.userId, userId))).map(
    (r) => r.id,
  );

describe('what a dead process held', () => {
  it('is given back at the start of another process: at once on its own host, on lease lapse elsewhere; a live process keeps its own', async () => {
    const { user } = await createTestUser(t.app);
    const host = hostIdentity();
    const dead = await processHolding(user.id, host, deadPid());
    const alive = await processHolding(user.id, host, process.ppid);
    const remote = await processHolding(user.id, 'another-host/pid:[1]', 4242);
    expect(await held(user.id)).toBe(3000);

    // A process starts (a restart after the crash, or another node).
    const next = await createSiblingApp(t);
    try {
      // The dead process's reservation stopped counting before any sweep ran.
      expect(await held(user.id)).toBe(2000);
      await next.ctx.instance.sweep();
      expect(await reservationIds(user.id)).toEqual(
        expect.arrayContaining([alive.reservationId, remote.reservationId]),
      );
      expect(await reservationIds(user.id)).not.toContain(dead.reservationId);
      expect(existsSync(dead.tempFile)).toBe(false);
      expect(existsSync(alive.tempFile)).toBe(true);
      expect(existsSync(remote.tempFile)).toBe(true);

      // The remote process stops renewing its lease: once it lapses, its hold goes too.
      await db()
        .update(serverInstances)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(serverInstances.id, remote.id));
      expect(await held(user.id)).toBe(1000);
      await next.ctx.instance.sweep();
      expect(await reservationIds(user.id)).toEqual([alive.reservationId]);
      expect(existsSync(remote.tempFile)).toBe(false);
      expect(existsSync(alive.tempFile)).toBe(true);
      const left = (await db().select().from(serverInstances)).map((r) => r.id);
      expect(left).not.toContain(dead.id);
      expect(left).not.toContain(remote.id);
      expect(left).toEqual(expect.arrayContaining([alive.id, t.app.ctx.instance.id, next.ctx.instance.id]));
    } finally {
      await next.close();
    }
    // A process that stops leaves the table; what it still held stops counting.
    expect((await db().select().from(serverInstances)).map((r) => r.id)).not.toContain(next.ctx.instance.id);
  });

  it('a lease is renewed by its heartbeat and taken again after another process forgot it', async () => {
    const lease = new InstanceLease({
      db: db(),
      log: { info: () => {}, warn: () => {} },
      leaseMs: 2000,
      heartbeatMs: 50,
    });
    await lease.start();
    try {
      const expiry = async () =>
        (await db().select().from(serverInstances).where(eq(serverInstances.id, lease.id)))[0]?.expiresAt;
      const first = await expiry();
      await new Promise((r) => setTimeout(r, 200));
      expect((await expiry())?.getTime()).toBeGreaterThan(first?.getTime() ?? Infinity);
      await instances().remove(lease.id);
      await new Promise((r) => setTimeout(r, 200));
      expect(await expiry()).toBeDefined();
    } finally {
      await lease.stop();
    }
  });
});
