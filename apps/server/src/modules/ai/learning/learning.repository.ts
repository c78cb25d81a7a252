import { createHash, randomUUID } from 'node:crypto';
import { RETRIEVAL_DOMAINS } from '@stratos/contracts/ai/knowledge-records.schema';
import { LEARNING_LIMITS } from '@stratos/contracts/ai/learning.schema';
import { and, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  aiLearningCycles,
  aiLearningFeedback,
  aiLearningImprovements,
  aiLearningInteractions,
  aiLearningSettings,
  aiLearningSuggestions,
} from '../../../db/schema/index';
import type { Candidate, CycleInteraction, ProcessedFeedback } from './learning-analysis';

export type SettingsRow = typeof aiLearningSettings.$inferSelect;
export type CycleRow = typeof aiLearningCycles.$inferSelect;
export type ImprovementRow = typeof aiLearningImprovements.$inferSelect & {
  suggestion: typeof aiLearningSuggestions.$inferSelect | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface WindowStats {
  interactions: number;
  avgResponseTime: number | null;
  scores: number[];
}

/** SQL of the learning loop. Reads of the chat's feedback table are the loop's own input. */
export class LearningRepository {
  constructor(private readonly db: Db) {}

  async settings(): Promise<SettingsRow> {
    await this.db.insert(aiLearningSettings).values({ id: 1 }).onConflictDoNothing();
    const rows = await this.db.select().from(aiLearningSettings).where(eq(aiLearningSettings.id, 1));
    return rows[0] as SettingsRow;
  }

  async updateSettings(patch: Partial<Omit<SettingsRow, 'id'>>): Promise<SettingsRow> {
    await this.settings();
    const rows = await this.db
      .update(aiLearningSettings)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(aiLearningSettings.id, 1))
      .returning();
    return rows[0] as SettingsRow;
  }

  /**
   * Cycles left 'running' by a process that stopped mid-cycle: the caller holds the cycle lease, so
   * none of them is still running anywhere.
   */
  async failInterrupted(): Promise<void> {
    await this.db
      .update(aiLearningCycles)
      .set({ status: 'failed', error: 'Interrupted: the process running it stopped', finishedAt: sql`now()` })
      .where(eq(aiLearningCycles.status, 'running'));
  }

  async createCycle(trigger: 'schedule' | 'manual'): Promise<CycleRow> {
    const rows = await this.db.insert(aiLearningCycles).values({ trigger }).returning();
    return rows[0] as CycleRow;
  }

  async finishCycle(id: string, fields: Partial<CycleRow>): Promise<CycleRow> {
    const rows = await this.db
      .update(aiLearningCycles)
      .set({ ...fields, finishedAt: sql`now()` })
      .where(eq(aiLearningCycles.id, id))
      .returning();
    return rows[0] as CycleRow;
  }

  /** Newest first. */
  cycles(limit: number): Promise<CycleRow[]> {
    return this.db
      .select()
      .from(aiLearningCycles)
      .orderBy(desc(aiLearningCycles.startedAt), desc(aiLearningCycles.id))
      .limit(limit);
  }

  /** Finished cycles, oldest first (the exponential and enhanced views). */
  async finishedCycles(limit = 500): Promise<CycleRow[]> {
    const rows = await this.db
      .select()
      .from(aiLearningCycles)
      .where(sql`${aiLearningCycles.status} <> 'running'`)
      .orderBy(desc(aiLearningCycles.startedAt), desc(aiLearningCycles.id))
      .limit(limit);
    return rows.reverse();
  }

  /** The last hour's interactions, newest first, at most 100 (rows as the driver gives them: no mapping per field). */
  async recentInteractions(sinceMs: number, limit: number): Promise<CycleInteraction[]> {
    const result = await this.db.execute(sql`
      select id, user_query as "userQuery", ai_response as "aiResponse",
        satisfaction_score as "satisfactionScore", response_time as "responseTime", domain,
        jsonb_array_length(knowledge_used) > 0 as "usedKnowledge", was_helpful as "wasHelpful",
        model_used as "modelUsed"
      from ai_learning_interactions
      where created_at > now() - ${sinceMs} * interval '1 millisecond'
      order by created_at desc, id desc
      limit ${limit}`);
    return rowsOf<CycleInteraction>(result).map((r) => ({ ...r, usedKnowledge: r.usedKnowledge === true }));
  }

  /** Interactions between two instants (optionally one domain): count, mean time, the scores. */
  async windowStats(
    from: Date | string,
    to: Date | string | null,
    domain: string | null,
  ): Promise<WindowStats> {
    const i = aiLearningInteractions;
    const fromIso = typeof from === 'string' ? from : from.toISOString();
    const toIso = to === null ? null : typeof to === 'string' ? to : to.toISOString();
    const result = await this.db.execute(sql`
      select count(*)::int as n, avg(${i.responseTime})::float8 as rt,
        coalesce(array_agg(${i.satisfactionScore}) filter (where ${i.satisfactionScore} is not null), '{}') as scores
      from ${i}
      where ${i.createdAt} >= ${fromIso}::timestamptz
        and (${toIso}::timestamptz is null or ${i.createdAt} < ${toIso}::timestamptz)
        and (${domain}::text is null or ${i.domain} = ${domain}::text)`);
    const row = rowsOf<{ n: number; rt: number | null; scores: number[] | string }>(result)[0];
    const scores = Array.isArray(row?.scores) ? row.scores.map(Number) : parsePgArray(row?.scores);
    return { interactions: Number(row?.n ?? 0), avgResponseTime: num(row?.rt), scores };
  }

  /** Chat ratings not yet seen by the loop become its feedback (unprocessed). */
  async importChatFeedback(): Promise<number> {
    const result = await this.db.execute(sql`
      with added as (
        insert into ai_learning_feedback (source, chat_feedback_id, interaction_id, user_id, rating, text, sentiment, created_at)
        select 'chat', f.id, i.id, f.user_id, f.rating, f.comment,
          case when f.rating >= ${LEARNING_LIMITS.positiveRating} then 'positive'
               when f.rating <= ${LEARNING_LIMITS.negativeRating} then 'negative' else 'neutral' end,
          f.created_at
        from ai_chat_feedback f
        left join ai_learning_interactions i on i.message_id = f.message_id
        where not exists (select 1 from ai_learning_feedback l where l.chat_feedback_id = f.id)
        on conflict (chat_feedback_id) do nothing
        returning 1)
      select count(*)::int as n from added`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /**
   * Marks the oldest unprocessed feedback, at most `limit` items (the cycle's batches of 50
   * together), processed by this cycle and returns it oldest first: one statement instead of one
   * per batch.
   */
  async processFeedback(cycleId: string, limit: number): Promise<ProcessedFeedback[]> {
    const result = await this.db.execute(sql`
      with batch as (
        select id from ai_learning_feedback where processed_at is null
        order by created_at, id limit ${limit} for update skip locked),
      done as (
        update ai_learning_feedback f set processed_at = now(), cycle_id = ${cycleId}
        from batch where f.id = batch.id
        returning f.id, f.created_at, f.sentiment, f.text, f.interaction_id)
      select d.sentiment, d.text, d.interaction_id as "interactionId", i.domain
      from done d left join ai_learning_interactions i on i.id = d.interaction_id
      order by d.created_at, d.id`);
    return rowsOf<ProcessedFeedback>(result);
  }

  async insertFeedback(values: typeof aiLearningFeedback.$inferInsert) {
    const rows = await this.db.insert(aiLearningFeedback).values(values).returning();
    return rows[0] as typeof aiLearningFeedback.$inferSelect;
  }

  async interactionExists(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: aiLearningInteractions.id })
      .from(aiLearningInteractions)
      .where(eq(aiLearningInteractions.id, id));
    return rows.length > 0;
  }

  /** The console's rating of an interaction sets its satisfaction, as a chat rating does. */
  async rateInteraction(id: string, rating: number) {
    await this.db
      .update(aiLearningInteractions)
      .set({ satisfactionScore: rating / 5, wasHelpful: rating >= 4 ? true : rating <= 2 ? false : null })
      .where(eq(aiLearningInteractions.id, id));
  }

  /**
   * A cycle's improvements and their suggestion rows, and the pruning of suggestions past the
   * latest `keep`, in one statement (ids made here): a cycle's CPU is mostly its statements. The new
   * suggestions are the newest, so of the older ones `keep` minus their number stay.
   */
  async storeSuggestions(
    cycleId: string,
    items: ReadonlyArray<Candidate & { priority: string }>,
    keep: number,
  ): Promise<number> {
    if (items.length === 0) {
      await this.pruneSuggestions(keep);
      return 0;
    }
    const rows = items.map((c) => ({ id: randomUUID(), c }));
    const improvements = rows.map(({ id, c }) => ({
      id,
      improvement_type: c.improvementType,
      description: c.description,
      priority: c.priority,
      impact_score: c.impactScore,
      implementation_status: 'pending',
      category: c.category,
      related_interactions: c.related.slice(0, 100),
    }));
    const suggestions = rows.map(({ id, c }) => ({
      improvement_id: id,
      cycle_id: cycleId,
      source: c.source ?? null,
      domain: c.domain ?? null,
      guidance: c.guidance ?? '',
    }));
    const result = await this.db.execute(sql`
      with improvements as (
        insert into ai_learning_improvements (id, improvement_type, description, priority, impact_score,
          implementation_status, category, related_interactions)
        select id, improvement_type, description, priority, impact_score, implementation_status, category,
          related_interactions
        from json_populate_recordset(null::ai_learning_improvements, ${JSON.stringify(improvements)}::json)
        returning 1),
      added as (
        insert into ai_learning_suggestions (improvement_id, cycle_id, source, domain, guidance)
        select improvement_id, cycle_id, source, domain, guidance
        from json_populate_recordset(null::ai_learning_suggestions, ${JSON.stringify(suggestions)}::json)
        returning 1),
      ${this.prunedBeyond(keep - items.length)}
      select (select count(*) from added)::int as n`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /** Keeps the latest `keep` cycle suggestions; older ones that were never applied are deleted. */
  async pruneSuggestions(keep: number): Promise<number> {
    const result = await this.db.execute(sql`
      with ${this.prunedBeyond(keep)}
      select count(*)::int as n from gone`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /** The `ranked` and `gone` parts of a statement that deletes unapplied cycle suggestions past the latest `keep`. */
  private prunedBeyond(keep: number) {
    return sql`ranked as (
        select s.improvement_id, s.active, m.applied_at,
          row_number() over (order by s.created_at desc, s.improvement_id desc) as n
        from ai_learning_suggestions s join ai_learning_improvements m on m.id = s.improvement_id
        where s.source is not null),
      gone as (
        delete from ai_learning_improvements where id in (
          select improvement_id from ranked where n > ${Math.max(0, keep)} and not active and applied_at is null)
        returning 1)`;
  }

  private improvementQuery() {
    return this.db
      .select({ improvement: aiLearningImprovements, suggestion: aiLearningSuggestions })
      .from(aiLearningImprovements)
      .leftJoin(aiLearningSuggestions, eq(aiLearningSuggestions.improvementId, aiLearningImprovements.id));
  }

  /** The suggestion store, newest first. */
  async suggestions(limit: number): Promise<ImprovementRow[]> {
    const rows = await this.improvementQuery()
      .where(sql`${aiLearningSuggestions.improvementId} is not null`)
      .orderBy(desc(aiLearningSuggestions.createdAt), desc(aiLearningSuggestions.improvementId))
      .limit(limit);
    return rows.map((r) => ({ ...r.improvement, suggestion: r.suggestion }));
  }

  async improvement(id: string): Promise<ImprovementRow | null> {
    const rows = await this.improvementQuery().where(eq(aiLearningImprovements.id, id));
    const r = rows[0];
    return r ? { ...r.improvement, suggestion: r.suggestion } : null;
  }

  /** Applies (guidance on, applied_at now) in one transaction; an improvement no cycle made gets its row. */
  async apply(id: string, guidance: string, successMetrics: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(aiLearningImprovements)
        .set({ appliedAt: sql`now()`, implementationStatus: 'completed', successMetrics })
        .where(eq(aiLearningImprovements.id, id));
      await tx
        .insert(aiLearningSuggestions)
        .values({ improvementId: id, guidance, active: true })
        .onConflictDoUpdate({
          target: aiLearningSuggestions.improvementId,
          set: { active: true, revertedAt: null },
        });
    });
  }

  async revert(id: string, successMetrics: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(aiLearningSuggestions)
        .set({ active: false, revertedAt: sql`now()` })
        .where(eq(aiLearningSuggestions.improvementId, id));
      await tx
        .update(aiLearningImprovements)
        .set({ implementationStatus: 'on_hold', successMetrics })
        .where(eq(aiLearningImprovements.id, id));
    });
  }

  /**
   * The active guidance for a question of `domain`, newest first: that domain's and every
   * domain's. A domain the chat never files a question under (interactions can name any; the
   * seed's thirty, for one) counts as every domain, as the console shows it: otherwise an applied
   * improvement would never reach a prompt.
   */
  async activeGuidance(domain: string, limit: number): Promise<string[]> {
    const s = aiLearningSuggestions;
    const rows = await this.db
      .select({ guidance: s.guidance })
      .from(s)
      .where(
        and(
          eq(s.active, true),
          or(isNull(s.domain), eq(s.domain, domain), notInArray(s.domain, [...RETRIEVAL_DOMAINS])),
        ),
      )
      .orderBy(desc(s.createdAt))
      .limit(limit);
    return rows.map((r) => r.guidance);
  }

  /** Upserts the cycle's pattern words into ai_learning_patterns (one row per word). */
  async savePatterns(
    patterns: ReadonlyArray<{ word: string; frequency: number; domains: string[] }>,
    total: number,
  ): Promise<void> {
    if (patterns.length === 0) return;
    const rows = patterns.map((p) => ({
      pattern_type: 'query_topic',
      pattern_description: `Users ask about "${p.word}"`,
      frequency: p.frequency,
      impact_score: total ? p.frequency / total : 0,
      confidence_level: total ? Math.min(1, p.frequency / total) : 0,
      pattern_strength: total ? p.frequency / total : 0,
      affected_domains: p.domains,
      content_hash: createHash('sha256').update(`learning-pattern:${p.word}`).digest('hex'),
    }));
    await this.db.execute(sql`
      insert into ai_learning_patterns (pattern_type, pattern_description, frequency, impact_score,
        confidence_level, pattern_strength, affected_domains, content_hash)
      select pattern_type, pattern_description, frequency, impact_score, confidence_level, pattern_strength,
        affected_domains, content_hash
      from json_populate_recordset(null::ai_learning_patterns, ${JSON.stringify(rows)}::json)
      on conflict (content_hash) do update set frequency = excluded.frequency, impact_score = excluded.impact_score,
        confidence_level = excluded.confidence_level, pattern_strength = excluded.pattern_strength,
        affected_domains = excluded.affected_domains, last_observed = now()`);
  }

  /** Of these interactions, the ones already made into knowledge. */
  async derived(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await this.db.execute(
      sql`select interaction_id as id from ai_learning_derived_knowledge where interaction_id = any(${sql.param(ids)}::uuid[])`,
    );
    return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  }

  async markDerived(rows: Array<{ interactionId: string; knowledgeId: string | null }>): Promise<void> {
    if (rows.length === 0) return;
    // One JSON parameter rather than two per row (cheaper to bind and plan on PGlite).
    const json = rows.map((r) => ({ interaction_id: r.interactionId, knowledge_id: r.knowledgeId }));
    await this.db.execute(sql`
      insert into ai_learning_derived_knowledge (interaction_id, knowledge_id)
      select interaction_id, knowledge_id
      from json_populate_recordset(null::ai_learning_derived_knowledge, ${JSON.stringify(json)}::json)
      on conflict do nothing`);
  }

  /** Totals after a cycle: the base of the exponential view. */
  async totals() {
    const result = await this.db.execute(sql`select
      (select count(*) from ai_knowledge_base)::int as "knowledgeItems",
      (select count(*) from ai_learning_suggestions where source is not null)::int as suggestions,
      (select count(*) from ai_learning_patterns)::int as patterns,
      (select count(*) from ai_learning_feedback where processed_at is not null)::int as "feedbackProcessed",
      (select count(*) from ai_learning_suggestions where active)::int as applied`);
    const row = rowsOf<Record<string, number>>(result)[0] ?? {};
    return {
      knowledgeItems: Number(row.knowledgeItems ?? 0),
      suggestions: Number(row.suggestions ?? 0),
      patterns: Number(row.patterns ?? 0),
      feedbackProcessed: Number(row.feedbackProcessed ?? 0),
      applied: Number(row.applied ?? 0),
    };
  }
}

/** `{0.2,0.8}` as a driver may hand a float4[] back as text. */
function parsePgArray(v: unknown): number[] {
  if (typeof v !== 'string') return [];
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}
