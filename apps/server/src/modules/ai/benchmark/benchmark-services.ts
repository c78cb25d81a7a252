import type { AppContext } from '../../../app-context';
import { aiServicesFor } from '../providers/ai-services';
import { BenchmarkRepository } from './benchmark.repository';
import { BenchmarkService } from './benchmark.service';

const built = new WeakMap<AppContext, BenchmarkService>();

/** One benchmark service per app (it holds the runs in progress in this process). */
export function benchmarkServiceFor(ctx: AppContext): BenchmarkService {
  let s = built.get(ctx);
  if (!s) {
    const ai = aiServicesFor(ctx);
    s = new BenchmarkService({
      repo: new BenchmarkRepository(ctx.database.db),
      providers: ai.providers,
      router: ai.router,
      log: ctx.log,
    });
    built.set(ctx, s);
  }
  return s;
}
