import type { PerformanceReport, QualityCounts } from '@stratos/contracts/ai/analytics.schema';
import { QUALITY_CATEGORIES, type QualityCategory } from '@stratos/contracts/ai/chat.schema';

export const QUALITY_LABEL: Record<QualityCategory, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  canned: 'Canned',
  forced: 'Fallback text',
  error: 'Error',
};

/** Best first, so the stacked bars read from good (bottom) to bad (top). */
export const QUALITY_ORDER: readonly QualityCategory[] = [
  'excellent',
  'good',
  'fair',
  'poor',
  'canned',
  'forced',
  'error',
];

export const QUALITY_COLOR: Record<QualityCategory, string> = {
  excellent: '#389e0d',
  good: '#73d13d',
  fair: '#fadb14',
  poor: '#fa8c16',
  canned: '#9254de',
  forced: '#8c8c8c',
  error: '#f5222d',
};

export const totalReplies = (c: QualityCounts) => QUALITY_CATEGORIES.reduce((s, k) => s + c[k], 0);

/** Good or excellent share of the rated replies; null without any. */
export function goodShare(c: QualityCounts): number | null {
  const n = totalReplies(c);
  return n === 0 ? null : (c.good + c.excellent) / n;
}

/** The chart's rows: one per day with its counts flattened. */
export const qualityRows = (r: PerformanceReport) => r.quality.map((q) => ({ day: q.day, ...q.counts }));
