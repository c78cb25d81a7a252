import type {
  AnalyticsQuery,
  PerformanceReport,
  QualityCounts,
  UsageReport,
} from '@stratos/contracts/ai/analytics.schema';
import { QUALITY_CATEGORIES } from '@stratos/contracts/ai/chat.schema';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../../lib/clock';
import type { AuthUser } from '../../../plugins/auth-guard';
import type { AnalyticsRepository, FigureRow, LatencyRow } from './analytics.repository';
import { daysOf, type Range, rangeFor } from './analytics-range';
import { CSV_HEADER, csvLine } from './usage-csv';

/** CSV lines read per query while streaming an export. */
const CSV_PAGE = 2000;
const TOP_ERRORS = 5;

const round = (n: number | null, places = 2) => (n === null ? null : Number(n.toFixed(places)));
const rate = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 4));

function figures(r: FigureRow | undefined) {
  return {
    calls: r?.calls ?? 0,
    failures: r?.failures ?? 0,
    promptTokens: Number(r?.prompt_tokens ?? 0),
    completionTokens: Number(r?.completion_tokens ?? 0),
    tokens: Number(r?.tokens ?? 0),
    cost: round(Number(r?.cost ?? 0), 6) ?? 0,
  };
}

function latency(r: LatencyRow | undefined) {
  return {
    calls: r?.calls ?? 0,
    failures: r?.failures ?? 0,
    errorRate: rate(r?.failures ?? 0, r?.calls ?? 0),
    p50: round(r?.p50 ?? null),
    p90: round(r?.p90 ?? null),
    p99: round(r?.p99 ?? null),
  };
}

const noQuality = (): QualityCounts =>
  Object.fromEntries(QUALITY_CATEGORIES.map((c) => [c, 0])) as QualityCounts;

/** The AI analytics and performance pages' figures, all computed from stored rows. */
export class AnalyticsService {
  constructor(private readonly d: { repo: AnalyticsRepository; clock: Clock }) {}

  range(user: AuthUser, q: AnalyticsQuery): Range {
    return rangeFor(user, q, this.d.clock.now());
  }

  async usage(user: AuthUser, q: AnalyticsQuery): Promise<UsageReport> {
    const r = this.range(user, q);
    const repo = this.d.repo;
    const [totals, days, byModel, byProvider, byOperation, byUser] = await Promise.all([
      repo.usageTotals(r),
      repo.usageByDay(r),
      repo.usageBy(r, sql`l.model`, sql`l.provider`),
      repo.usageBy(r, sql`l.provider`),
      repo.usageBy(r, sql`l.operation`),
      r.scope === 'all' ? repo.usageByUser(r) : Promise.resolve(null),
    ]);
    const perDay = new Map(days.map((d) => [d.key, d]));
    const group = (g: (typeof byModel)[number]) => ({
      key: g.key,
      provider: g.provider,
      ...figures(g),
      avgResponseMs: round(g.avg_ms),
    });
    return {
      from: r.fromDay,
      to: r.toDay,
      scope: r.scope,
      totals: figures(totals[0]),
      days: daysOf(r).map((day) => ({ day, ...figures(perDay.get(day)) })),
      byModel: byModel.map(group),
      byProvider: byProvider.map(group),
      byOperation: byOperation.map(group),
      byUser:
        byUser?.map((u) => ({
          userId: u.user_id,
          email: u.email,
          name: `${u.first_name} ${u.last_name}`.trim(),
          ...figures(u),
        })) ?? null,
    };
  }

  /** The usage export: a header, then one line per day, user, provider, model and operation. */
  async *usageCsv(r: Range): AsyncGenerator<string> {
    yield CSV_HEADER;
    let after: string | null = null;
    for (;;) {
      const page = await this.d.repo.usageLines(r, after, CSV_PAGE);
      for (const l of page) {
        const f = figures(l);
        yield csvLine([
          l.day,
          l.email,
          l.provider,
          l.model,
          l.operation,
          f.calls,
          f.failures,
          f.promptTokens,
          f.completionTokens,
          f.tokens,
          f.cost,
          round(l.avg_ms),
        ]);
      }
      if (page.length < CSV_PAGE) return;
      after = page[page.length - 1]?.sort_key ?? null;
    }
  }

  async performance(user: AuthUser, q: AnalyticsQuery): Promise<PerformanceReport> {
    const r = this.range(user, q);
    const repo = this.d.repo;
    const [totals, byProvider, byDay, fb, topErrors, quality] = await Promise.all([
      repo.latencyTotals(r),
      repo.latencyBy(r, sql`l.provider`),
      repo.latencyBy(r, sql`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD')`),
      repo.fallbacks(r),
      repo.topErrors(r, TOP_ERRORS),
      repo.qualityByDay(r),
    ]);
    const perDay = new Map(byDay.map((d) => [d.key, d]));
    const qualityDays = new Map<string, QualityCounts>();
    const qualityTotals = noQuality();
    for (const row of quality) {
      const cat = row.category as keyof QualityCounts;
      if (!(cat in qualityTotals)) continue;
      const counts = qualityDays.get(row.day) ?? noQuality();
      counts[cat] += row.count;
      qualityTotals[cat] += row.count;
      qualityDays.set(row.day, counts);
    }
    const t = totals[0];
    return {
      from: r.fromDay,
      to: r.toDay,
      scope: r.scope,
      overall: {
        ...latency(t),
        avgMs: round(t?.avg_ms ?? null),
        requests: fb.requests,
        fallbacks: fb.fallbacks,
        fallbackRate: rate(fb.fallbacks, fb.requests),
      },
      byProvider: byProvider.map((p) => ({ provider: p.key, ...latency(p) })),
      days: daysOf(r).map((day) => ({ day, ...latency(perDay.get(day)) })),
      topErrors,
      quality: daysOf(r).map((day) => ({ day, counts: qualityDays.get(day) ?? noQuality() })),
      qualityTotals,
    };
  }
}
