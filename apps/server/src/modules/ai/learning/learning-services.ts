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
    addKnowledge: async (actor, record) => {
      try {
        const { data } = await ctx.aiKnowledge.data.insert(actor, 'ai_knowledge_base', record);
        // New knowledge waits for its embedding: fill it in the background.
        knowledgeSearchServicesFor(ctx).kick();
        return String((data as { id?: unknown }).id ?? '') || null;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        ctx.log.warn({ err }, 'learning: an interaction could not become knowledge');
        return null;
      }
    },
  });
  built.set(ctx, service);
  return service;
}
