import type { UsageReport } from '@stratos/contracts/ai/analytics.schema';

export type UsageMetric = 'cost' | 'calls' | 'tokens';

export const METRIC_LABEL: Record<UsageMetric, string> = { cost: 'Spend', calls: 'Calls', tokens: 'Tokens' };

/** Share of the range's total a group takes, 0..1 (0 when the total is 0). */
export function shareOf(part: number, total: number): number {
  return total > 0 ? part / total : 0;
}

/** Days with any call, for the "active days" hint. */
export const activeDays = (r: UsageReport) => r.days.filter((d) => d.calls > 0).length;

/** Success share of the range's calls, or null without calls. */
export function successRate(r: UsageReport): number | null {
  return r.totals.calls === 0 ? null : (r.totals.calls - r.totals.failures) / r.totals.calls;
}
