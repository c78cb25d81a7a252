import type { AnalyticsReply } from '@stratos/contracts/files/stats.schema';
import { asCategory, CATEGORY_COLOR, CATEGORY_LABEL, type FileCategory } from '../../../lib/file-kind';

export type SliceMetric = 'count' | 'size';

export interface TypeSlice {
  category: FileCategory;
  name: string;
  count: number;
  size: number;
  /** The chosen metric's value (what the slice is sized by). */
  value: number;
  /** Share of the chosen metric, 0-100. */
  percent: number;
  fill: string;
}

/**
 * The donut's slices: server categories merged by our category (unknown keys join "Other"),
 * empty ones dropped, largest first by the chosen metric.
 */
export function typeSlices(fileTypes: AnalyticsReply['fileTypes'], metric: SliceMetric): TypeSlice[] {
  const merged = new Map<FileCategory, { count: number; size: number }>();
  for (const [key, v] of Object.entries(fileTypes)) {
    const c = asCategory(key);
    const prev = merged.get(c) ?? { count: 0, size: 0 };
    merged.set(c, { count: prev.count + v.count, size: prev.size + v.size });
  }
  const total = [...merged.values()].reduce((n, v) => n + v[metric], 0);
  return [...merged.entries()]
    .filter(([, v]) => v[metric] > 0)
    .map(([category, v]) => ({
      category,
      name: CATEGORY_LABEL[category],
      count: v.count,
      size: v.size,
      value: v[metric],
      percent: total > 0 ? (v[metric] / total) * 100 : 0,
      fill: CATEGORY_COLOR[category],
    }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

/** "12%", "<1%" for a sliver, "100%". */
export function formatPercent(p: number): string {
  if (p > 0 && p < 1) return '<1%';
  return `${Math.round(p)}%`;
}
