import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeSearchRepository } from './knowledge-search.repository';

/** How often returned items' usage counts are written. */
const FLUSH_EVERY_MS = 5000;

/**
 * Counts how often each knowledge item is returned and adds the counts to usage_count in one
 * statement every few seconds, so a search never waits on a write. Counts not yet written when a
 * process dies are lost: usage_count is a popularity hint, not a ledger.
 */
export class KnowledgeUsageCounter {
  private counts = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: Pick<KnowledgeSearchRepository, 'addUsage'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  record(ids: readonly string[]): void {
    for (const id of ids) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  /** Writes what is counted so far (also on close, and by tests). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const counts = this.counts;
    this.counts = new Map();
    this.flushing = this.flushing
      .then(() => this.repo.addUsage(counts))
      .catch((err) => this.log.warn({ err }, 'knowledge usage counts not written'));
    return this.flushing;
  }
}
