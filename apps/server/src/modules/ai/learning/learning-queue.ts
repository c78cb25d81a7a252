import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DataActor } from '../knowledge/knowledge-access';
import { extractKeywords } from '../seeding/text-rules';
import type { LearningRepository } from './learning.repository';
import { deriveKnowledge, type KnowledgeDeps } from './learning-knowledge';
import type { LearningQueueRepository } from './learning-queue.repository';

/** Interactions one claim takes. */
const CLAIM_BATCH = 50;
/** A claimed batch is the worker's this long; a worker that dies leaves it to the next after it. */
const CLAIM_LEASE_MS = 60_000;
/** A row whose learning failed this many times is dropped (logged). */
const MAX_ATTEMPTS = 5;

export interface LearningQueueDeps extends KnowledgeDeps {
  repo: Pick<LearningRepository, 'settings' | 'derived' | 'markDerived'>;
  queue: LearningQueueRepository;
  log: { warn(obj: object, msg?: string): void };
}

export interface DrainResult {
  /** false while learning is off or the kill switch is on: nothing was claimed. */
  on: boolean;
  learned: number;
  knowledgeItems: number;
  patternsObserved: number;
  failed: number;
}

/**
 * Per-interaction learning (part 2 section 4, "a learning run is triggered 1 s after a query"):
 * works through the due rows of ai_learning_queue. For each interaction it does what a cycle does
 * that needs no other interaction: the section 5 knowledge rule (a reply over 100 characters with
 * more than 2 keywords becomes a knowledge item, score 0.7) and marks the known query-topic patterns
 * its question mentions as observed now. What needs a window (thresholds, pattern counts, feedback,
 * the model's analysis) stays in the cycle. Nothing is claimed while learning is off.
 */
export class LearningQueueWorker {
  private readonly node = `${hostname()}:${process.pid}`;
  private running: Promise<DrainResult> | null = null;
  private again = false;

  constructor(private readonly d: LearningQueueDeps) {}

  /** One drain at a time in this process; a call during one makes it look once more when it ends. */
  drain(signal?: AbortSignal): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total: DrainResult = { on: true, learned: 0, knowledgeItems: 0, patternsObserved: 0, failed: 0 };
      do {
        this.again = false;
        const r = await this.drainOnce(signal);
        total = {
          on: r.on,
          learned: total.learned + r.learned,
          knowledgeItems: total.knowledgeItems + r.knowledgeItems,
          patternsObserved: total.patternsObserved + r.patternsObserved,
          failed: total.failed + r.failed,
        };
      } while (this.again && total.on && !signal?.aborted);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drainOnce(signal?: AbortSignal): Promise<DrainResult> {
    const result: DrainResult = { on: false, learned: 0, knowledgeItems: 0, patternsObserved: 0, failed: 0 };
    const s = await this.d.repo.settings();
    if (!s.enabled || s.killSwitch || !s.startedBy) return result;
    result.on = true;
    // Knowledge is stored as the superadmin who started learning, as the scheduled cycle does.
    const actor: DataActor = { id: s.startedBy, email: '', role: 'superadmin', permissions: [] };
    const owner = `${this.node}:${randomUUID()}`;
    while (!signal?.aborted) {
      const rows = await this.d.queue.claim(owner, CLAIM_BATCH, CLAIM_LEASE_MS);
      if (rows.length === 0) break;
      const ids = rows.map((r) => r.id);
      try {
        result.knowledgeItems += await deriveKnowledge(this.d, actor, rows);
        result.patternsObserved += await this.d.queue.observePatterns(
          rows.flatMap((r) => extractKeywords(r.userQuery, 50)),
        );
        await this.d.queue.done(owner, ids);
        result.learned += rows.length;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const dropped = await this.d.queue.failed(owner, ids, message.slice(0, 2000), MAX_ATTEMPTS);
        result.failed += rows.length;
        this.d.log.warn({ err, dropped }, 'learning: per-interaction learning failed');
        break;
      }
    }
    return result;
  }
}
