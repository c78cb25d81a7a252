import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema/index';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type CodePurpose = VerificationCodeRow['purpose'];

/** SQL for the emailed one-time codes; only their HMAC is ever stored. */
export class VerificationCodesRepository {
  constructor(private readonly db: Db) {}

  /** Retires every pending code of one purpose, so only the newest mailed code works. */
  async invalidatePending(userId: string, purpose: CodePurpose, at: Date): Promise<void> {
    await this.db
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
  }

  async insert(code: {
    userId: string;
    purpose: CodePurpose;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(verificationCodes).values(code);
  }

  /** The newest code of this purpose that has been neither used nor replaced. */
  async findPending(userId: string, purpose: CodePurpose): Promise<VerificationCodeRow | undefined> {
    const rows = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return rows[0];
  }

  /**
   * Counts one try before the code is compared, in one statement, so concurrent guesses cannot
   * exceed `max` between them. Returns the tries so far, or undefined when none is left.
   */
  async reserveAttempt(id: string, max: number): Promise<number | undefined> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.failedAttempts, max),
        ),
      )
      .returning({ attempts: verificationCodes.failedAttempts });
    return rows[0]?.attempts;
  }

  /** Spends a code; false when another request spent or replaced it first. */
  async consume(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, before));
  }
}
