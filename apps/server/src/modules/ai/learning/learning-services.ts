import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { knowledgeSearchServicesFor } from '../knowledge-search/knowledge-search-services';
import { aiServicesFor } from '../providers/ai-services';
import { LearningService } from './learning.service';

const built = new WeakMap<AppContext, LearningService>();

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
