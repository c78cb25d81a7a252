import {
  IMPLEMENTATION_STATUSES,
  IMPROVEMENT_PRIORITIES,
  RETRIEVAL_DOMAINS,
  type RetrievalDomain,
} from '@stratos/contracts/ai/knowledge-records.schema';
import {
  type ExponentialFactor,
  LEARNING_MESSAGES,
  LEARNING_THRESHOLDS,
  type LearningCycle,
  type LearningEnhanced,
  type LearningExponential,
  type LearningImprovement,
  SUGGESTION_SOURCES,
  THRESHOLD_METRICS,
} from '@stratos/contracts/ai/learning.schema';
import type { CycleRow, ImprovementRow } from './learning.repository';

/** Stored rows as the contract shows them, and the views computed from stored cycles. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown) => (typeof v === 'number' ? Math.round(v) : 0);

export function toCycle(r: CycleRow): LearningCycle {
  const f = r.figures ?? {};
  const fb = r.feedback ?? {};
  const t = r.totals ?? {};
  return {
    id: r.id,
    trigger: r.trigger as LearningCycle['trigger'],
    status: r.status as LearningCycle['status'],
    startedAt: r.startedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    durationMs: r.durationMs,
    cpuMs: r.cpuMs,
    interactionsRead: r.interactionsRead,
    interactionsAnalysed: r.interactionsAnalysed,
    modelStep: r.modelStep as LearningCycle['modelStep'],
    modelError: r.modelError,
    figures: {
      avgResponseTime: n(f.avgResponseTime),
      satisfaction: n(f.satisfaction),
      errorRate: n(f.errorRate),
      accuracy: n(f.accuracy),
      learningRate: n(f.learningRate),
      knowledgeUse: n(f.knowledgeUse),
    },
    thresholdsExceeded: r.thresholdsExceeded.filter((x): x is (typeof THRESHOLD_METRICS)[number] =>
      (THRESHOLD_METRICS as readonly string[]).includes(x),
    ),
    patterns: r.patterns ?? [],
    feedback: {
      processed: int(fb.processed),
      positive: int(fb.positive),
      negative: int(fb.negative),
      neutral: int(fb.neutral),
      batches: int(fb.batches),
    },
    improvementsStored: r.improvementsStored,
    knowledgeItemsCreated: r.knowledgeItemsCreated,
    totals: {
      knowledgeItems: int(t.knowledgeItems),
      suggestions: int(t.suggestions),
      patterns: int(t.patterns),
      feedbackProcessed: int(t.feedbackProcessed),
      applied: int(t.applied),
    },
    error: r.error,
  };
}

const oneOf = <T extends string>(list: readonly T[], v: string | null | undefined, fallback: T | null) =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : fallback;

export function toImprovement(r: ImprovementRow): LearningImprovement {
  const s = r.suggestion;
  return {
    id: r.id,
    improvementType: r.improvementType,
    description: r.description,
    priority: oneOf(IMPROVEMENT_PRIORITIES, r.priority, 'Low') as LearningImprovement['priority'],
    impactScore: r.impactScore,
    implementationStatus: oneOf(
      IMPLEMENTATION_STATUSES,
      r.implementationStatus,
      'pending',
    ) as LearningImprovement['implementationStatus'],
    category: r.category,
    createdAt: r.createdAt.toISOString(),
    appliedAt: iso(r.appliedAt),
    revertedAt: iso(s?.revertedAt ?? null),
    successMetrics: r.successMetrics ?? {},
    relatedInteractions: r.relatedInteractions,
    cycleId: s?.cycleId ?? null,
    source: oneOf(SUGGESTION_SOURCES, s?.source, null),
    domain: oneOf(RETRIEVAL_DOMAINS, s?.domain, null) as RetrievalDomain | null,
    guidance: s?.guidance ?? r.description,
    active: s?.active ?? false,
  };
}

/** A factor: value per cycle, the multiplier from the previous cycle, their geometric mean. */
function factor(
  name: string,
  measures: string,
  specMultiplier: number,
  cycles: readonly LearningCycle[],
  value: (c: LearningCycle, i: number) => number | null,
  inverse = false,
): ExponentialFactor {
  const values = cycles.map(value);
  const series = cycles.map((c, i) => {
    const v = values[i] ?? null;
    const prev = i > 0 ? (values[i - 1] ?? null) : null;
    const multiplier =
      v === null || prev === null || (inverse ? v <= 0 : prev <= 0)
        ? null
        : Number((inverse ? prev / v : v / prev).toFixed(4));
    return { cycleId: c.id, at: c.startedAt, value: v, multiplier };
  });
  const ms = series.flatMap((s) => (s.multiplier === null || s.multiplier <= 0 ? [] : [s.multiplier]));
  const measured = ms.length
    ? Number(Math.exp(ms.reduce((a, m) => a + Math.log(m), 0) / ms.length).toFixed(4))
    : null;
  return { name, measures, specMultiplier, measured, series };
}

/** Section 9's factors and capabilities, each next to what the stored cycles measured. */
export function exponentialView(cycles: readonly LearningCycle[]): LearningExponential {
  let cumulative = 0;
  const improvements = cycles.map((c) => (cumulative += c.improvementsStored));
  return {
    cycles: cycles.length,
    message: cycles.length ? null : LEARNING_MESSAGES.noCycles,
    factors: [
      factor('knowledgeGrowth', 'Knowledge items stored', 1.1, cycles, (c) => c.totals.knowledgeItems),
      factor(
        'learningAcceleration',
        'Improvements suggested so far',
        1.15,
        cycles,
        (_c, i) => improvements[i] ?? null,
      ),
      factor('patternRecognition', 'Learning patterns stored', 1.08, cycles, (c) => c.totals.patterns),
      factor(
        'adaptationSpeed',
        'Feedback items processed so far',
        1.2,
        cycles,
        (c) => c.totals.feedbackProcessed,
      ),
    ],
    capabilities: [
      factor('accuracy', 'Share of rated replies rated 4 or 5', 1.05, cycles, (c) => c.figures.accuracy),
      factor(
        'userSatisfaction',
        'Mean satisfaction of rated replies',
        1.08,
        cycles,
        (c) => c.figures.satisfaction,
      ),
      factor(
        'responseSpeed',
        'Mean response time (a faster cycle multiplies above 1)',
        1.12,
        cycles,
        (c) => c.figures.avgResponseTime,
        true,
      ),
      factor(
        'knowledgeUse',
        'Share of replies that drew on knowledge',
        1.07,
        cycles,
        (c) => c.figures.knowledgeUse,
      ),
    ],
  };
}

export function enhancedView(
  cycles: readonly LearningCycle[],
  suggestions: readonly LearningImprovement[],
): LearningEnhanced {
  const latest = cycles.at(-1) ?? null;
  const latestOf = {
    responseTime: latest?.figures.avgResponseTime ?? null,
    satisfaction: latest?.figures.satisfaction ?? null,
    errorRate: latest?.figures.errorRate ?? null,
  };
  const words = new Map<string, number>();
  for (const c of cycles)
    for (const p of c.patterns) words.set(p.word, (words.get(p.word) ?? 0) + p.frequency);
  const tally = (key: (s: LearningImprovement) => string) =>
    suggestions.reduce<Record<string, number>>((acc, s) => {
      acc[key(s)] = (acc[key(s)] ?? 0) + 1;
      return acc;
    }, {});
  return {
    cycles: cycles.length,
    message: cycles.length ? null : LEARNING_MESSAGES.noCycles,
    thresholds: THRESHOLD_METRICS.map((metric) => {
      const { threshold, target } = LEARNING_THRESHOLDS[metric];
      const v = latestOf[metric];
      const over = v !== null && (metric === 'satisfaction' ? v < threshold : v > threshold);
      return {
        metric,
        threshold,
        target,
        latest: v,
        state: v === null ? 'no_data' : over ? 'exceeded' : 'ok',
      };
    }),
    series: cycles.map((c) => ({
      cycleId: c.id,
      at: c.startedAt,
      interactions: c.interactionsRead,
      improvements: c.improvementsStored,
      feedbackProcessed: c.feedback.processed,
      figures: c.figures,
    })),
    topPatterns: [...words.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([word, frequency]) => ({ word, frequency })),
    improvements: {
      suggested: suggestions.length,
      applied: suggestions.filter((s) => s.active).length,
      byCategory: tally((s) => s.category),
      byPriority: tally((s) => s.priority),
    },
  };
}
