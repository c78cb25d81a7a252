import { randomUUID } from 'node:crypto';
import type { App } from '../src/app';
import { storageAccounts, storageEvents, transfers } from '../src/db/schema/index';
import { LedgerRepository } from '../src/modules/billing/ledger.repository';
import { UsersRepository } from '../src/modules/users/users.repository';

const ledger = (app: App) => new LedgerRepository(app.ctx.database.db);

/** Grants credits as a purchase would (a `credit_purchase` ledger row), without a payment. */
export async function fund(app: App, userId: string, credits: number): Promise<void> {
  const r = await ledger(app).applyCredit({
    userId,
    kind: 'credit_purchase',
    micros: Math.round(credits * 1_000_000),
    description: 'Test credits',
    paymentIntentId: `pi_test_${randomUUID()}`,
  });
  if (r.status !== 'applied') throw new Error(`could not fund ${userId}: ${r.status}`);
}

export async function makePrepaid(app: App, userId: string): Promise<void> {
  await new UsersRepository(app.ctx.database.db).update(userId, { subscriptionPlan: 'prepaid' });
}

/** The stored balance and the ledger's sum of credit changes, in credits. */
export async function balanceAndSum(app: App, userId: string): Promise<{ balance: number; sum: number }> {
  const account = await ledger(app).balance(userId);
  const sum = await ledger(app).creditSum(userId);
  return { balance: (account?.balanceMicros ?? 0) / 1e6, sum: sum / 1e6 };
}

/** A storage change at a given instant, as an upload or a purge records it (and the account total). */
export async function storageEventAt(app: App, userId: string, deltaBytes: number, at: Date): Promise<void> {
  const db = app.ctx.database.db;
  await db
    .insert(storageEvents)
    .values({ userId, deltaBytes, deltaFiles: 1, reason: 'upload', createdAt: at });
  const account = await db.query.storageAccounts.findFirst({ where: (a, { eq }) => eq(a.userId, userId) });
  const used = Math.max((account?.usedBytes ?? 0) + deltaBytes, 0);
  await db
    .insert(storageAccounts)
    .values({ userId, usedBytes: used, fileCount: 1 })
    .onConflictDoUpdate({ target: storageAccounts.userId, set: { usedBytes: used } });
}

export async function transferAt(app: App, userId: string, bytes: number, at: Date): Promise<void> {
  await app.ctx.database.db.insert(transfers).values({ userId, bytes, kind: 'download', createdAt: at });
}
