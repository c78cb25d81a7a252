import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

export class RefreshTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(token: NewRefreshToken): Promise<void> {
    await this.insertQuery(token);
  }

  /** The insert, not yet run, for a statement that carries it as a CTE (values may be placeholders). */
  insertQuery(token: PgInsertValue<typeof refreshTokens>) {
    return this.db.insert(refreshTokens).values(token);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const rows = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return rows[0];
  }

  /** Marks a token spent; returns false when another request spent it first. */
  async markUsed(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Ends every session of a user (disabled account, password change). */
  async revokeAllForUser(userId: string, at: Date = new Date()): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Ends every session of a user but one (password change keeps the session that made it). */
  async revokeAllForUserExcept(userId: string, keepFamilyId: string | null, at: Date): Promise<void> {
    const keep = keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined;
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep));
  }

  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < ${before}`);
  }
}
