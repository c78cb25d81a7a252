import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storageAccounts, storageEvents } from '../../db/schema/index';

export interface StorageAccount {
  usedBytes: number;
  reservedBytes: number;
  fileCount: number;
}

/**
 * A user's stored bytes and files (`storage_accounts`, one row per user, created on first use),
 * the bytes reserved by uploads in flight, and the ledger of changes (`storage_events`).
 */
export class StorageAccountsRepository {
  constructor(private readonly db: Db) {}

  /** Adds to the user's totals inside the caller's transaction and records the change. */
  async applyDelta(
    tx: Db,
    userId: string,
    deltaBytes: number,
    deltaFiles: number,
    reason: 'upload' | 'purge',
  ): Promise<void> {
    await tx
      .insert(storageAccounts)
      .values({
        userId,
        usedBytes: Math.max(deltaBytes, 0),
        fileCount: Math.max(deltaFiles, 0),
      })
      .onConflictDoUpdate({
        target: storageAccounts.userId,
        set: {
          usedBytes: sql`greatest(${storageAccounts.usedBytes} + ${deltaBytes}, 0)`,
          fileCount: sql`greatest(${storageAccounts.fileCount} + ${deltaFiles}, 0)`,
          updatedAt: sql`now()`,
        },
      });
    await tx.insert(storageEvents).values({ userId, deltaBytes, deltaFiles, reason });
  }

  /**
   * An upload committed: its bytes and file count move in, its reservation goes, in one update;
   * plus the ledger row.
   */
  async commitUpload(tx: Db, userId: string, sizeBytes: number, reservedBytes: number): Promise<void> {
    await tx
      .insert(storageAccounts)
      .values({ userId, usedBytes: sizeBytes, fileCount: 1 })
      .onConflictDoUpdate({
        target: storageAccounts.userId,
        set: {
          usedBytes: sql`${storageAccounts.usedBytes} + ${sizeBytes}`,
          fileCount: sql`${storageAccounts.fileCount} + 1`,
          reservedBytes: sql`greatest(${storageAccounts.reservedBytes} - ${reservedBytes}, 0)`,
          updatedAt: sql`now()`,
        },
      });
    await tx.insert(storageEvents).values({ userId, deltaBytes: sizeBytes, deltaFiles: 1, reason: 'upload' });
  }

  async get(userId: string): Promise<StorageAccount> {
    const rows = await this.db
      .select({
        usedBytes: storageAccounts.usedBytes,
        reservedBytes: storageAccounts.reservedBytes,
        fileCount: storageAccounts.fileCount,
      })
      .from(storageAccounts)
      .where(eq(storageAccounts.userId, userId));
    const row = rows[0];
    return row
      ? {
          usedBytes: Number(row.usedBytes),
          reservedBytes: Number(row.reservedBytes),
          fileCount: row.fileCount,
        }
      : { usedBytes: 0, reservedBytes: 0, fileCount: 0 };
  }

  /**
   * Reserves `bytes` for an upload if stored + reserved + bytes stays within the user's plan
   * quota (plans.storage_bytes; null = unlimited). One statement: the upsert locks the account
   * row, so two concurrent reservations see each other and cannot together overshoot the quota.
   * Returns false when the quota would be exceeded (or the user does not exist).
   */
  async reserve(userId: string, bytes: number): Promise<boolean> {
    const result = await this.db.execute(sql`
      with quota as (
        select p.storage_bytes as q
        from users u join plans p on p.id = u.subscription_plan
        where u.id = ${userId}
      )
      insert into storage_accounts as a (user_id, reserved_bytes)
      select ${userId}, ${bytes}::bigint from quota where quota.q is null or ${bytes}::bigint <= quota.q
      on conflict (user_id) do update
        set reserved_bytes = a.reserved_bytes + excluded.reserved_bytes, updated_at = now()
        where (select q from quota) is null
           or a.used_bytes + a.reserved_bytes + excluded.reserved_bytes <= (select q from quota)
      returning a.reserved_bytes
    `);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  }

  /** Gives back a reservation that did not become a file (failed, aborted or rejected upload). */
  async releaseReservation(userId: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await this.db
      .update(storageAccounts)
      .set({
        reservedBytes: sql`greatest(${storageAccounts.reservedBytes} - ${bytes}, 0)`,
        updatedAt: sql`now()`,
      })
      .where(eq(storageAccounts.userId, userId));
  }
}
