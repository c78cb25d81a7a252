import { and, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blobs, files } from '../../db/schema/index';

export interface BlobRef {
  id: string;
  storageKey: string;
}

/** SQL of the content-addressed `blobs` table: one row per (backend, sha256), reference-counted. */
export class BlobsRepository {
  async findByHash(db: Db, backend: string, sha256: string): Promise<BlobRef | null> {
    const rows = await db
      .select({ id: blobs.id, storageKey: blobs.storageKey })
      .from(blobs)
      .where(and(eq(blobs.backend, backend), eq(blobs.sha256, sha256)));
    return rows[0] ?? null;
  }

  /** One more file uses this content; null when the blob is gone (purged since it was looked up). */
  async addRef(tx: Db, backend: string, sha256: string): Promise<BlobRef | null> {
    const rows = await tx
      .update(blobs)
      .set({ refCount: sql`${blobs.refCount} + 1` })
      .where(and(eq(blobs.backend, backend), eq(blobs.sha256, sha256)))
      .returning({ id: blobs.id, storageKey: blobs.storageKey });
    return rows[0] ?? null;
  }

  /**
   * Inserts a blob with one reference, or, when the same content was committed meanwhile by
   * another upload, adds a reference to that one. The returned key tells which happened.
   */
  async insertOrAddRef(
    tx: Db,
    blob: { backend: string; sha256: string; size: number; storageKey: string },
  ): Promise<BlobRef> {
    const rows = await tx
      .insert(blobs)
      .values({ ...blob, refCount: 1 })
      .onConflictDoUpdate({
        target: [blobs.backend, blobs.sha256],
        set: { refCount: sql`${blobs.refCount} + 1` },
      })
      .returning({ id: blobs.id, storageKey: blobs.storageKey });
    const row = rows[0];
    if (!row) throw new Error('blob upsert returned no row');
    return row;
  }

  /**
   * One reference fewer; at zero the row goes and its storage key is returned so the caller can
   * delete the bytes after committing.
   */
  async release(tx: Db, blobId: string): Promise<string | null> {
    const rows = await tx
      .update(blobs)
      .set({ refCount: sql`${blobs.refCount} - 1` })
      .where(eq(blobs.id, blobId))
      .returning({ refCount: blobs.refCount, storageKey: blobs.storageKey });
    const row = rows[0];
    if (!row || row.refCount > 0) return null;
    await tx.delete(blobs).where(and(eq(blobs.id, blobId), sql`${blobs.refCount} <= 0`));
    return row.storageKey;
  }

  /**
   * Deletes up to `limit` blob rows of `backend` that no file references (reference count 0, as a
   * user's deletion leaves solely-owned content) and returns their storage keys, for the caller to
   * delete. A row a file still points at is never deleted, whatever its count says; one that gains
   * a reference meanwhile is locked by that upload and re-checked here after it commits.
   */
  async deleteUnreferenced(db: Db, backend: string, limit: number): Promise<string[]> {
    const candidates = db
      .select({ id: blobs.id })
      .from(blobs)
      .where(and(lte(blobs.refCount, 0), eq(blobs.backend, backend)))
      .limit(limit);
    const rows = await db
      .delete(blobs)
      .where(
        and(
          inArray(blobs.id, candidates),
          lte(blobs.refCount, 0),
          notExists(db.select({ one: sql`1` }).from(files).where(eq(files.blobId, blobs.id))),
        ),
      )
      .returning({ storageKey: blobs.storageKey });
    return rows.map((r) => r.storageKey);
  }

  /** Which of `keys` a blob row of `backend` points at. */
  async existingKeys(db: Db, backend: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: blobs.storageKey })
      .from(blobs)
      .where(and(eq(blobs.backend, backend), inArray(blobs.storageKey, keys)));
    return new Set(rows.map((r) => r.key));
  }
}
