import type { FastifyBaseLogger } from 'fastify';
import type { EmbeddingService } from '../embeddings/embedding.service';
import type { KnowledgeEmbeddingsRepository } from './knowledge-embeddings.repository';

/** Rows embedded per round: one provider call of this many texts, one update. */
const FILL_BATCH = 64;
/** Characters of an item embedded (all-minilm reads ~256 tokens; OpenAI's limit is far above this). */
const MAX_TEXT_CHARS = 4000;

export interface FillReport {
  embedded: number;
  /** Still pending when the run ended. */
  pending: number;
  /** The run stopped because no embedding provider answered. */
  noProvider: boolean;
}

export interface KnowledgeEmbeddingsDeps {
  repo: KnowledgeEmbeddingsRepository;
  embeddings: Pick<EmbeddingService, 'embed' | 'currentModel'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The knowledge items' embeddings: rows without a vector are pending (the seeder and `queueFor`
 * write them so); `fillPending` embeds them in batches once a provider answers, run by the
 * `ai.embed-knowledge` job and by `kick()` after a write.
 */
export class KnowledgeEmbeddingsService {
  constructor(private readonly d: KnowledgeEmbeddingsDeps) {}

  /** Marks items as needing an embedding (new, or text changed); returns how many became pending. */
  queueFor(knowledgeIds: readonly string[]): Promise<number> {
    return this.d.repo.queue(knowledgeIds);
  }

  pendingCount(): Promise<number> {
    return this.d.repo.pendingCount();
  }

  /** Embeds pending rows until none is left, no provider answers, or the signal aborts. */
  async fillPending(signal?: AbortSignal): Promise<FillReport> {
    const model = this.d.embeddings.currentModel();
    if (model) {
      const requeued = await this.d.repo.requeueOtherModels(model);
      if (requeued > 0)
        this.d.log.info({ requeued, model }, 'knowledge embeddings of another model queued again');
    }
    let embedded = 0;
    let noProvider = false;
    // Rows a provider refused stay pending; a round that stores nothing ends the run.
    while (!signal?.aborted) {
      const batch = await this.d.repo.pending(FILL_BATCH, MAX_TEXT_CHARS);
      if (batch.length === 0) break;
      // The shared knowledge base is the platform's: its embedding calls are nobody's usage.
      const result = await this.d.embeddings.embed(
        batch.map((r) => r.text),
        { userId: null, purpose: 'knowledge-index' },
        signal,
      );
      if (!result) {
        noProvider = !signal?.aborted;
        break;
      }
      const stored = await this.d.repo.store(
        result.model,
        batch.map((r, i) => ({
          id: r.id,
          contentHash: r.contentHash,
          vector: result.vectors[i] as number[],
        })),
      );
      embedded += stored;
      if (stored === 0) break;
    }
    const pending = await this.d.repo.pendingCount();
    if (embedded > 0) this.d.log.info({ embedded, pending }, 'knowledge embeddings stored');
    return { embedded, pending, noProvider };
  }
}
