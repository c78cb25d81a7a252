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
  async decide(
    userId: string,
    id: string,
    to: 'running' | 'cancelled',
    leaseMs = 0,
  ): Promise<ActionRow | null> {
    const rows = await this.db
      .update(aiAssistantActions)
      .set({
        status: to,
        decidedAt: sql`now()`,
        // A running action is this process's while it renews the lease (see sweepInterrupted).
        leaseUntil: to === 'running' ? sql`now() + ${leaseMs} * interval '1 millisecond'` : null,
      })
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
      .set({ ...outcome, leaseUntil: null })
      .where(eq(aiAssistantActions.id, id))
      .returning();
    return rows[0] as ActionRow;
  }

  /** The running action's process is alive: its lease is extended. */
  async renew(id: string, leaseMs: number): Promise<void> {
    await this.db
      .update(aiAssistantActions)
      .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(aiAssistantActions.id, id), eq(aiAssistantActions.status, 'running')));
  }

  /**
   * Running actions whose process is gone (its lease passed, or, for a row without one, decided
   * longer ago than `staleMs`) become failed with `error`, in one statement. Returns them.
   */
  async sweepInterrupted(error: string, staleMs: number): Promise<ActionRow[]> {
    return this.db
      .update(aiAssistantActions)
      .set({ status: 'failed', error, leaseUntil: null })
      .where(
        and(
          eq(aiAssistantActions.status, 'running'),
          sql`(${aiAssistantActions.leaseUntil} < now() or (${aiAssistantActions.leaseUntil} is null
            and coalesce(${aiAssistantActions.decidedAt}, ${aiAssistantActions.createdAt}) < now() - ${staleMs} * interval '1 millisecond'))`,
        ),
      )
      .returning();
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
