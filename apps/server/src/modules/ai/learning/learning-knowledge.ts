import { randomUUID } from 'node:crypto';
import { LEARNING_LIMITS } from '@stratos/contracts/ai/learning.schema';
import type { DataActor } from '../knowledge/knowledge-access';
import type { LearningRepository } from './learning.repository';
import { type CycleInteraction, knowledgeFrom } from './learning-analysis';

export interface KnowledgeDeps {
  repo: Pick<LearningRepository, 'derived' | 'markDerived'>;
  /** Stores knowledge items (with their ids) through the knowledge module's service; returns the ids stored. */
  addKnowledge: (
    actor: DataActor,
    records: Array<Record<string, unknown> & { id: string }>,
  ) => Promise<string[]>;
}

/**
 * Section 5: a reply over 100 characters with more than 2 keywords (and not rated unhelpful)
 * becomes a knowledge item with score 0.7, once per interaction (ai_learning_derived_knowledge).
 * Run 1 s after each interaction by the learning queue, and by a cycle over its window for the
 * interactions the queue never saw. Returns the items stored.
 */
export async function deriveKnowledge(
  d: KnowledgeDeps,
  actor: DataActor,
  rows: readonly CycleInteraction[],
): Promise<number> {
  const eligible = rows.flatMap((r) => {
    const k = knowledgeFrom(r);
    return k ? [{ r, keywords: k.keywords }] : [];
  });
  if (eligible.length === 0) return 0;
  const already = await d.repo.derived(eligible.map((e) => e.r.id));
  const records = eligible
    .filter(({ r }) => !already.has(r.id))
    .map(({ r, keywords }) => ({
      interactionId: r.id,
      record: {
        id: randomUUID(),
        domain: r.domain,
        type: 'interaction',
        title: r.userQuery.replace(/\s+/g, ' ').trim().slice(0, 200) || 'Interaction',
        content: r.aiResponse,
        keywords,
        relevance_score: LEARNING_LIMITS.knowledgeScore,
        source: 'interaction',
        model_used: r.modelUsed,
      },
    }));
  const stored = new Set(
    await d.addKnowledge(
      actor,
      records.map((x) => x.record),
    ),
  );
  // An interaction whose item could not be stored is marked too (with no item): it is not retried.
  const made = records.map((x) => ({
    interactionId: x.interactionId,
    knowledgeId: stored.has(x.record.id) ? x.record.id : null,
  }));
  await d.repo.markDerived(made);
  return made.filter((m) => m.knowledgeId !== null).length;
}
