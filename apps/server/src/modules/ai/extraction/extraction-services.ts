import type { AppContext } from '../../../app-context';
import { JobRunsRepository } from '../../../jobs/job-runs.repository';
import { aiServicesFor } from '../providers/ai-services';
import { EnhancementService } from './enhancement.service';
import { ExtractionService, type ExtractionServiceDeps } from './extraction.service';

export interface ExtractionServices {
  extraction: ExtractionService;
  enhancement: EnhancementService;
}

const built = new WeakMap<AppContext, ExtractionServices>();
/** Test hook: pauses and poll intervals of the next services built (section 9's by default). */
const overrides = new WeakMap<AppContext, Partial<ExtractionServiceDeps>>();

export function overrideExtraction(ctx: AppContext, opts: Partial<ExtractionServiceDeps>): void {
  overrides.set(ctx, opts);
  built.delete(ctx);
}

/** One extraction service per app (its run and listeners live here), built on first use. */
export function extractionServicesFor(ctx: AppContext): ExtractionServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const router = aiServicesFor(ctx).router;
  const knowledge = ctx.aiKnowledge.data;
  const services: ExtractionServices = {
    extraction: new ExtractionService({
      leases: new JobRunsRepository(ctx.database.db),
      router,
      knowledge,
      log: ctx.log,
      ...overrides.get(ctx),
    }),
    enhancement: new EnhancementService({ router, knowledge }),
  };
  built.set(ctx, services);
  return services;
}
