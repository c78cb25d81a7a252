import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storageAccounts, storageEvents } from '../../db/schema/index';

export interface StorageAccount {
  usedBytes: number;
  fileCount: number;
}

/**
 * A user's stored bytes and files (`storage_accounts`, one row per user, created on first use)
 * and the ledger of changes (`storage_events`). Quota reservations: upload-reservations.repository.ts.
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

  /** An upload committed: its bytes and file count move in, plus the ledger row. */
  async commitUpload(tx: Db, userId: string, sizeBytes: number): Promise<void> {
    await tx
      .insert(storageAccounts)
      .values({ userId, usedBytes: sizeBytes, fileCount: 1 })
      .onConflictDoUpdate({
        target: storageAccounts.userId,
        set: {
          usedBytes: sql`${storageAccounts.usedBytes} + ${sizeBytes}`,
          fileCount: sql`${storageAccounts.fileCount} + 1`,
          updatedAt: sql`now()`,
        },
      });
    await tx.insert(storageEvents).values({ userId, deltaBytes: sizeBytes, deltaFiles: 1, reason: 'upload' });
  }

  async get(userId: string): Promise<StorageAccount> {
    const rows = await this.db
      .select({
        usedBytes: storageAccounts.usedBytes,
        fileCount: storageAccounts.fileCount,
      })
      .from(storageAccounts)
      .where(eq(storageAccounts.userId, userId));
    const row = rows[0];
    return row
      ? {
          usedBytes: Number(row.usedBytes),
          fileCount: row.fileCount,
        }
      : { usedBytes: 0, fileCount: 0 };
  }
}
