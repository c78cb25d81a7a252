import type { AppContext } from '../../../app-context';
import { KnowledgeEmbeddingsRepository } from './knowledge-embeddings.repository';
import { KnowledgeEmbeddingsService } from './knowledge-embeddings.service';
import { KnowledgeSearchRepository } from './knowledge-search.repository';
import { KnowledgeSearchService } from './knowledge-search.service';
import { KnowledgeUsageCounter } from './usage-counter';
import { InProcessVectorScan } from './vector-scan';

export interface KnowledgeSearchServices {
  search: KnowledgeSearchService;
  /** Pending embeddings: `queueFor(ids)` after writing items, `pendingCount()`, `fillPending()`. */
  embeddings: KnowledgeEmbeddingsService;
  usage: KnowledgeUsageCounter;
  /** Fills pending embeddings now, in the background, in this process (when JOBS_ENABLED). */
  kick(): void;
  /** Stops a background fill and writes the last usage counts (the app is closing). */
  stop(): Promise<void>;
}

const built = new WeakMap<AppContext, KnowledgeSearchServices>();

/** One knowledge search per app, shared by the route, the embeddings job and the seeder. */
export function knowledgeSearchServicesFor(ctx: AppContext): KnowledgeSearchServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const repo = new KnowledgeSearchRepository(ctx.database.db);
  const usage = new KnowledgeUsageCounter(repo, ctx.log);
  const embeddings = new KnowledgeEmbeddingsService({
    repo: new KnowledgeEmbeddingsRepository(ctx.database.db),
    embeddings: ctx.embeddings,
    log: ctx.log,
  });
  const controller = new AbortController();
  let background: Promise<unknown> | null = null;
  let again = false;
  const services: KnowledgeSearchServices = {
    search: new KnowledgeSearchService({
      repo,
      embeddings: ctx.embeddings,
      scan: new InProcessVectorScan(repo),
      onReturned: (ids) => usage.record(ids),
    }),
    embeddings,
    usage,
    kick() {
      // Tests fill themselves (JOBS_ENABLED=false); so does a node that runs no jobs.
      if (!ctx.config.jobsEnabled || controller.signal.aborted) return;
      // A kick during a run may come after the run's last read: one more run follows it.
      if (background) {
        again = true;
        return;
      }
      background = embeddings
        .fillPending(controller.signal)
        .catch((err) => ctx.log.error({ err }, 'knowledge embeddings failed'))
        .finally(() => {
          background = null;
          if (again) {
            again = false;
            services.kick();
          }
        });
    },
    stop: async () => {
      controller.abort();
      await background;
      await usage.flush();
    },
  };
  built.set(ctx, services);
  return services;
}
