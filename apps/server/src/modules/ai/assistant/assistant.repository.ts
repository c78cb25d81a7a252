import type { AssistantActionResult } from '@stratos/contracts/ai/assistant.schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiAssistantActions } from '../../../db/schema/index';

export type ActionRow = typeof aiAssistantActions.$inferSelect;
export type NewAction = Pick<
  typeof aiAssistantActions.$inferInsert,
  'userId' | 'kind' | 'files' | 'tags' | 'folderId' | 'folderPath' | 'reason' | 'request'
>;

/** SQL of ai_assistant_actions. */
export class AssistantRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: NewAction[]): Promise<ActionRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(aiAssistantActions).values(rows).returning();
  }

  async find(userId: string, id: string): Promise<ActionRow | null> {
    const rows = await this.db
      .select()
      .from(aiAssistantActions)
      .where(and(eq(aiAssistantActions.id, id), eq(aiAssistantActions.userId, userId)));
    return rows[0] ?? null;
  }

  /**
   * proposed -> `to` in one statement: of two confirmations (or a confirm and a cancel) racing,
   * exactly one wins. Null when the action is not the user's or no longer proposed.
   */
  async decide(userId: string, id: string, to: 'running' | 'cancelled'): Promise<ActionRow | null> {
    const rows = await this.db
      .update(aiAssistantActions)
      .set({ status: to, decidedAt: sql`now()` })
      .where(
        and(
          eq(aiAssistantActions.id, id),
          eq(aiAssistantActions.userId, userId),
          eq(aiAssistantActions.status, 'proposed'),
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  async finish(
    id: string,
    outcome: { status: 'done' | 'failed'; result: AssistantActionResult | null; error: string | null },
  ): Promise<ActionRow> {
    const rows = await this.db
      .update(aiAssistantActions)
      .set(outcome)
      .where(eq(aiAssistantActions.id, id))
      .returning();
    return rows[0] as ActionRow;
  }

  async recent(userId: string, limit: number): Promise<ActionRow[]> {
    return this.db
      .select()
      .from(aiAssistantActions)
      .where(eq(aiAssistantActions.userId, userId))
      .orderBy(desc(aiAssistantActions.createdAt), desc(aiAssistantActions.id))
      .limit(limit);
  }
}
