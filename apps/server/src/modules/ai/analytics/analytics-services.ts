import type { AppContext } from '../../../app-context';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';

const built = new WeakMap<AppContext, AnalyticsService>();

/** One analytics service per app. */
export function analyticsServiceFor(ctx: AppContext): AnalyticsService {
  let s = built.get(ctx);
  if (!s) {
    s = new AnalyticsService({ repo: new AnalyticsRepository(ctx.database.db), clock: ctx.clock });
    built.set(ctx, s);
  }
  return s;
}
