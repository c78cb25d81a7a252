import type { LearningProgress } from '@stratos/contracts/ai/learning.schema';
import type { CycleRow, LearningRepository } from './learning.repository';
import { ratingFigures } from './learning-analysis';

const DAY_MS = 86_400_000;

/**
 * An applied improvement's success metrics: the domain's interactions (all when null) of the 24 h
 * before `at` against those from `at` to `until` (now when null), from the stored interactions.
 */
export async function compareInteractions(
  repo: LearningRepository,
  at: Date,
  until: Date | null,
  domain: string | null,
) {
  const dayBefore = new Date(at.getTime() - DAY_MS);
  const [before, after] = await Promise.all([
    repo.windowStats(dayBefore, at, domain),
    repo.windowStats(at, until, domain),
  ]);
  const side = (w: typeof before) => {
    const r = ratingFigures(w.scores);
    return {
      interactions: w.interactions,
      rated: r.rated,
      satisfaction: r.satisfaction,
      accuracy: r.accuracy,
      avgResponseTime: w.avgResponseTime,
    };
  };
  const b = side(before);
  const a = side(after);
  const diff = (x: number | null, y: number | null) =>
    x === null || y === null ? null : Number((y - x).toFixed(4));
  return {
    domain: domain ?? 'all',
    appliedAt: at.toISOString(),
    before: { from: dayBefore.toISOString(), to: at.toISOString(), ...b },
    after: { from: at.toISOString(), to: (until ?? new Date()).toISOString(), ...a },
    change: {
      satisfaction: diff(b.satisfaction, a.satisfaction),
      accuracy: diff(b.accuracy, a.accuracy),
      avgResponseTime: diff(b.avgResponseTime, a.avgResponseTime),
    },
  };
}

/** The last event of a finished cycle. */
export function progressOf(row: CycleRow, status: 'succeeded' | 'failed'): LearningProgress {
  return {
    isRunning: false,
    cycleId: row.id,
    status,
    step: 'knowledge',
    stepsCompleted: status === 'succeeded' ? 7 : 0,
    totalSteps: 7,
    currentOperation: status === 'succeeded' ? 'Completed' : (row.error ?? 'Failed'),
    interactionsRead: row.interactionsRead,
    analysed: row.interactionsAnalysed,
    toAnalyse: row.interactionsAnalysed,
    improvementsStored: row.improvementsStored,
    startTime: row.startedAt.toISOString(),
  };
}
