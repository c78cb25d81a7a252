import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blobs, files, shareLinks } from '../../db/schema/index';

export type ShareRow = typeof shareLinks.$inferSelect;
export type ShareWithFile = ShareRow & { fileName: string };

export interface ActiveShare {
  id: string;
  ownerId: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  file: { id: string; name: string; mimeType: string; size: number; storageKey: string };
}

const withFileName = {
  id: shareLinks.id,
  fileId: shareLinks.fileId,
  ownerId: shareLinks.ownerId,
  tokenHash: shareLinks.tokenHash,
  passwordHash: shareLinks.passwordHash,
  expiresAt: shareLinks.expiresAt,
  revokedAt: shareLinks.revokedAt,
  downloadCount: shareLinks.downloadCount,
  createdAt: shareLinks.createdAt,
  fileName: files.name,
};

/** SQL of share_links. Owner-side queries are scoped to the owner; public ones go by token hash. */
export class ShareRepository {
  constructor(private readonly db: Db) {}

  async insert(values: {
    fileId: string;
    ownerId: string;
    tokenHash: string;
    passwordHash: string | null;
    expiresAt: Date | null;
  }): Promise<ShareRow> {
    const rows = await this.db.insert(shareLinks).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('share insert returned no row');
    return row;
  }

  /** The owner's newest `limit` links; one file's when `fileId` is given. */
  list(ownerId: string, limit: number, fileId?: string): Promise<ShareWithFile[]> {
    return this.db
      .select(withFileName)
      .from(shareLinks)
      .innerJoin(files, eq(files.id, shareLinks.fileId))
      .where(and(eq(shareLinks.ownerId, ownerId), fileId ? eq(shareLinks.fileId, fileId) : undefined))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
      .limit(limit);
  }

  /** Revokes a link (idempotent); undefined when it is not the owner's. */
  async revoke(ownerId: string, id: string, at: Date): Promise<ShareRow | undefined> {
    const rows = await this.db
      .update(shareLinks)
      .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(shareLinks.id, id), eq(shareLinks.ownerId, ownerId)))
      .returning();
    return rows[0];
  }

  /** A link that works at `now`: known, not revoked, not expired, its file live. */
  async findActive(tokenHash: string, now: Date): Promise<ActiveShare | undefined> {
    const rows = await this.db
      .select({
        id: shareLinks.id,
        ownerId: shareLinks.ownerId,
        passwordHash: shareLinks.passwordHash,
        expiresAt: shareLinks.expiresAt,
        fileId: files.id,
        name: files.name,
        mimeType: files.mimeType,
        size: files.size,
        storageKey: blobs.storageKey,
      })
      .from(shareLinks)
      .innerJoin(files, and(eq(files.id, shareLinks.fileId), isNull(files.deletedAt)))
      .innerJoin(blobs, eq(blobs.id, files.blobId))
      .where(
        and(
          eq(shareLinks.tokenHash, tokenHash),
          isNull(shareLinks.revokedAt),
          sql`(${shareLinks.expiresAt} is null or ${shareLinks.expiresAt} > ${now.toISOString()}::timestamptz)`,
        ),
      );
    const r = rows[0];
    if (!r) return undefined;
    return {
      id: r.id,
      ownerId: r.ownerId,
      passwordHash: r.passwordHash,
      expiresAt: r.expiresAt,
      file: {
        id: r.fileId,
        name: r.name,
        mimeType: r.mimeType,
        size: Number(r.size),
        storageKey: r.storageKey,
      },
    };
  }

  async countDownload(id: string): Promise<void> {
    await this.db
      .update(shareLinks)
      .set({ downloadCount: sql`${shareLinks.downloadCount} + 1` })
      .where(eq(shareLinks.id, id));
  }
}
