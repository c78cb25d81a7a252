import type { AppContext } from '../../../app-context';
import { backgroundDrain } from '../../../jobs/background-drain';
import { AppError } from '../../../lib/app-error';
import { knowledgeSearchServicesFor } from '../knowledge-search/knowledge-search-services';
import { aiServicesFor } from '../providers/ai-services';
import { LearningService } from './learning.service';
import { LearningQueueWorker } from './learning-queue';
import { LEARN_AFTER_MS, LearningQueueRepository } from './learning-queue.repository';

const built = new WeakMap<AppContext, LearningService>();
const queues = new WeakMap<AppContext, LearningQueueServices>();

export interface LearningQueueServices {
  worker: LearningQueueWorker;
  /**
   * A chat interaction was just recorded: drain the learning queue in this process 1 s later (when
   * its row is due). Several within that second share one drain. Does nothing where jobs are off
   * (tests drain themselves); the periodic job picks up whatever a process never got to.
   */
  recorded(): void;
  stop(): Promise<void>;
}

/** The per-interaction learning queue's worker and its 1 s trigger, one per app. */
export function learningQueueFor(ctx: AppContext): LearningQueueServices {
  const existing = queues.get(ctx);
  if (existing) return existing;
  const learning = learningServiceFor(ctx);
  const worker = new LearningQueueWorker({
    repo: learning.repo,
    queue: new LearningQueueRepository(ctx.database.db),
    addKnowledge: (actor, records) => learning.addKnowledge(actor, records),
    log: ctx.log,
  });
  const background = backgroundDrain(ctx, 'per-interaction learning', (signal) => worker.drain(signal));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const services: LearningQueueServices = {
    worker,
    recorded: () => {
      if (timer || stopped || !ctx.config.jobsEnabled) return;
      timer = setTimeout(() => {
        timer = null;
        background.kick();
      }, LEARN_AFTER_MS);
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await background.stop();
    },
  };
  queues.set(ctx, services);
  return services;
}

/** One learning service per app, shared by its routes, its job and the chat's prompt building. */
export function learningServiceFor(ctx: AppContext): LearningService {
  const existing = built.get(ctx);
  if (existing) return existing;
  const service = new LearningService({
    db: ctx.database.db,
    log: ctx.log,
    generate: (req) => aiServicesFor(ctx).router.generate(req),
    checkOllama: async () => {
      const registry = aiServicesFor(ctx).registry;
      const row = (await registry.settings()).get('ollama');
      if (row && !row.enabled) return { available: false, error: 'Disabled by the administrator' };
      const result = await registry.check('ollama', registry.platformConnection('ollama', row));
      return { available: result.status === 'available', error: result.error ?? null };
    },
    addKnowledge: async (actor, records) => {
      if (records.length === 0) return [];
      const knowledge = ctx.aiKnowledge.data;
      let stored: string[];
      try {
        // One statement for all of them; when it is refused (a record the schema or a constraint
        // refuses), one by one, so the others are still stored.
        await knowledge.insertBatch(actor, 'ai_knowledge_base', records);
        stored = records.map((r) => r.id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        stored = [];
        for (const record of records) {
          try {
            await knowledge.insert(actor, 'ai_knowledge_base', record);
            stored.push(record.id);
          } catch (one) {
            if (!(one instanceof AppError)) throw one;
            ctx.log.warn({ err: one }, 'learning: an interaction could not become knowledge');
          }
        }
      }
      // New knowledge waits for its embedding: fill it in the background.
      if (stored.length > 0) knowledgeSearchServicesFor(ctx).kick();
      return stored;
    },
  });
  built.set(ctx, service);
  return service;
}
