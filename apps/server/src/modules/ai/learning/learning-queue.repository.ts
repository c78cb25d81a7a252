import { createHash } from 'node:crypto';
import { LEARNING_LIMITS } from '@stratos/contracts/ai/learning.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiLearningInteractions, aiLearningQueue } from '../../../db/schema/index';
import type { CycleInteraction } from './learning-analysis';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How long after an interaction is recorded it is learned from (part 2 section 4: 1 s). */
export const LEARN_AFTER_MS = LEARNING_LIMITS.learnAfterMs;

/**
 * The CTE a chat exchange's statement adds after its interactions CTE (`interactions`, which
 * returns their ids): while learning is on and the kill switch off, each new interaction is
 * queued, due 1 s later, in the same statement, so an interaction is never stored without its
 * learning job (nor the reverse). While learning is off nothing is queued.
 */
export const learningQueueCte = (db: Db, name: string, interactions: { _: { alias: string } }) =>
  db.$with(name, { interactionId: aiLearningQueue.interactionId }).as(
    sql`insert into ${aiLearningQueue} (interaction_id, due_at)
    select i.id, now() + ${sql.raw(String(LEARN_AFTER_MS))} * interval '1 millisecond'
    from ${sql.identifier(interactions._.alias)} i
    where exists (select 1 from ai_learning_settings s where s.id = 1 and s.enabled and not s.kill_switch)
    on conflict (interaction_id) do nothing
    returning interaction_id`,
  );

/** SQL of ai_learning_queue: claim due rows under a lease, finish them, put failures back. */
export class LearningQueueRepository {
  constructor(private readonly db: Db) {}

  /** Queues interactions (the tests' and operators' way in; chat uses the CTE above). */
  async enqueue(ids: string[], dueInMs = LEARN_AFTER_MS): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .insert(aiLearningQueue)
      .values(ids.map((interactionId) => ({ interactionId, dueAt: new Date(Date.now() + dueInMs) })))
      .onConflictDoNothing();
  }

  /**
   * Takes up to `limit` due rows no live lease holds (skipping rows another worker is claiming),
   * leases them to `owner` and returns their interactions.
   */
  async claim(owner: string, limit: number, leaseMs: number): Promise<CycleInteraction[]> {
    const i = aiLearningInteractions;
    const result = await this.db.execute(sql`
      with due as (
        select interaction_id from ai_learning_queue
        where due_at <= now() and (lease_until is null or lease_until < now())
        order by due_at limit ${limit} for update skip locked),
      claimed as (
        update ai_learning_queue q set lease_owner = ${owner}, attempts = q.attempts + 1,
          lease_until = now() + ${leaseMs} * interval '1 millisecond'
        from due where q.interaction_id = due.interaction_id
        returning q.interaction_id)
      select ${i.id} as id, ${i.userQuery} as "userQuery", ${i.aiResponse} as "aiResponse",
        ${i.satisfactionScore} as "satisfactionScore", ${i.responseTime} as "responseTime",
        ${i.domain} as domain, jsonb_array_length(${i.knowledgeUsed}) > 0 as "usedKnowledge",
        ${i.wasHelpful} as "wasHelpful", ${i.modelUsed} as "modelUsed"
      from claimed c join ${i} on ${i.id} = c.interaction_id`);
    return rowsOf<CycleInteraction>(result).map((r) => ({
      ...r,
      satisfactionScore: r.satisfactionScore === null ? null : Number(r.satisfactionScore),
      usedKnowledge: r.usedKnowledge === true,
    }));
  }

  /** Rows this owner learned from: gone. */
  async done(owner: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`delete from ai_learning_queue
      where lease_owner = ${owner} and interaction_id = any(${sql.param(ids)}::uuid[])`);
  }

  /**
   * Rows whose learning failed: due again after a pause growing with the attempts; past
   * `maxAttempts` they are dropped (returned, for the log).
   */
  async failed(owner: string, ids: string[], error: string, maxAttempts: number): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.execute(sql`
      with dropped as (
        delete from ai_learning_queue
        where lease_owner = ${owner} and interaction_id = any(${sql.param(ids)}::uuid[]) and attempts >= ${maxAttempts}
        returning 1),
      retried as (
        update ai_learning_queue set lease_owner = null, lease_until = null, last_error = ${error},
          due_at = now() + attempts * interval '10 seconds'
        where lease_owner = ${owner} and interaction_id = any(${sql.param(ids)}::uuid[]) and attempts < ${maxAttempts}
        returning 1)
      select (select count(*) from dropped)::int as n`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /** Rows waiting (due or not, leased or not), the earliest due time and when the oldest was queued. */
  async pending(): Promise<{ waiting: number; nextDueAt: Date | null; oldestQueuedAt: Date | null }> {
    const result = await this.db.execute(
      sql`select count(*)::int as n, min(due_at) as next, min(created_at) as oldest from ai_learning_queue`,
    );
    const row = rowsOf<{ n: number; next: string | Date | null; oldest: string | Date | null }>(result)[0];
    return {
      waiting: Number(row?.n ?? 0),
      nextDueAt: row?.next ? new Date(row.next) : null,
      oldestQueuedAt: row?.oldest ? new Date(row.oldest) : null,
    };
  }

  /**
   * A question's words that are known query-topic patterns (the cycle's `savePatterns` rows) were
   * observed again: their last_observed moves to now. The cycle recounts frequencies.
   */
  async observePatterns(words: string[]): Promise<number> {
    if (words.length === 0) return 0;
    const hashes = [...new Set(words)].map((w) =>
      createHash('sha256').update(`learning-pattern:${w}`).digest('hex'),
    );
    const result = await this.db.execute(sql`
      with seen as (
        update ai_learning_patterns set last_observed = now()
        where content_hash = any(${sql.param(hashes)}::text[]) returning 1)
      select count(*)::int as n from seen`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }
}
