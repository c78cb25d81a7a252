import type { BenchmarkSummary } from '@stratos/contracts/ai/benchmark.schema';
import { describe, expect, it } from 'vitest';
import { bestQuality, fastest, progressPercent } from './run-view';

const s = (
  provider: string,
  avgLatencyMs: number | null,
  avgQualityScore: number | null,
): BenchmarkSummary => ({
  provider,
  model: null,
  calls: 5,
  failures: 0,
  avgLatencyMs,
  avgFirstTokenMs: null,
  tokens: 0,
  cost: 0,
  avgQualityScore,
});

describe('benchmark run view', () => {
  it('picks the fastest and the best provider among those that answered', () => {
    const all = [s('a', 900, 0.5), s('b', 300, 0.4), s('c', null, null)];
    expect(fastest(all)?.provider).toBe('b');
    expect(bestQuality(all)?.provider).toBe('a');
    expect(fastest([s('c', null, null)])).toBeNull();
  });
  it('shows progress as a percentage', () => {
    expect(progressPercent({ done: 3, total: 10 })).toBe(30);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
  });
});
