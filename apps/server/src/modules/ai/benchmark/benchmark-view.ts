import type {
  BenchmarkCategory,
  BenchmarkResult,
  BenchmarkRun,
  BenchmarkSummary,
} from '@stratos/contracts/ai/benchmark.schema';
import type { QualityCategory } from '@stratos/contracts/ai/chat.schema';
import type { ResultRow, RunRow } from './benchmark.repository';

const mean = (xs: number[]) =>
  xs.length === 0 ? null : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100;

export function resultView(r: ResultRow): BenchmarkResult {
  return {
    provider: r.provider,
    model: r.model,
    promptId: r.promptId,
    category: r.category as BenchmarkCategory,
    success: r.success,
    error: r.error,
    answeredBy: r.answeredBy,
    latencyMs: r.latencyMs,
    firstTokenMs: r.firstTokenMs,
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    tokens: r.tokens,
    cost: r.cost,
    quality: r.quality as QualityCategory,
    qualityScore: r.qualityScore,
    createdAt: r.createdAt.toISOString(),
  };
}

export function runView(run: RunRow, done: number): BenchmarkRun {
  return {
    id: run.id,
    status: run.status,
    providers: run.providers,
    total: run.total,
    done,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
  };
}

/** Per provider, in the run's order: means over the prompts it answered itself. */
export function summarise(run: RunRow, results: ResultRow[]): BenchmarkSummary[] {
  return run.providers.map((provider) => {
    const mine = results.filter((r) => r.provider === provider);
    const ok = mine.filter((r) => r.success);
    return {
      provider,
      model: ok[0]?.model ?? mine[0]?.model ?? null,
      calls: mine.length,
      failures: mine.length - ok.length,
      avgLatencyMs: mean(ok.map((r) => r.latencyMs)),
      avgFirstTokenMs: mean(ok.flatMap((r) => (r.firstTokenMs === null ? [] : [r.firstTokenMs]))),
      tokens: mine.reduce((s, r) => s + r.tokens, 0),
      cost: Math.round(mine.reduce((s, r) => s + r.cost, 0) * 1e6) / 1e6,
      avgQualityScore: mean(ok.flatMap((r) => (r.qualityScore === null ? [] : [r.qualityScore]))),
    };
  });
}
