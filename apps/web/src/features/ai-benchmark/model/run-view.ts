import type { BenchmarkRun, BenchmarkSummary } from '@stratos/contracts/ai/benchmark.schema';

export const progressPercent = (r: Pick<BenchmarkRun, 'done' | 'total'>) =>
  r.total === 0 ? 0 : Math.round((r.done / r.total) * 100);

/** The provider with the lowest mean latency among those that answered, or null. */
export function fastest(summary: BenchmarkSummary[]): BenchmarkSummary | null {
  return (
    summary
      .filter((s) => s.avgLatencyMs !== null)
      .sort((a, b) => (a.avgLatencyMs ?? 0) - (b.avgLatencyMs ?? 0))[0] ?? null
  );
}

/** The provider with the best mean quality score, or null. */
export function bestQuality(summary: BenchmarkSummary[]): BenchmarkSummary | null {
  return (
    summary
      .filter((s) => s.avgQualityScore !== null)
      .sort((a, b) => (b.avgQualityScore ?? 0) - (a.avgQualityScore ?? 0))[0] ?? null
  );
}

export const STATUS_LABEL: Record<BenchmarkRun['status'], string> = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Stopped',
};
