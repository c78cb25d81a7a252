import type { AiDashboard, InsightPriority } from '@stratos/contracts/ai/analysis.schema';
import type { AiProviderRecord, AiProviderStatus } from '@stratos/contracts/ai/providers.schema';

/** How often the dashboard reloads while analyses are queued or running. */
export const PENDING_REFRESH_MS = 3_000;

/** Poll while the server still has analyses of this user queued or running; otherwise not at all. */
export function pendingRefreshMs(data: Pick<AiDashboard, 'pendingAnalyses'> | undefined): number | false {
  return data && data.pendingAnalyses > 0 ? PENDING_REFRESH_MS : false;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What "Analyse my files" reports after POST /api/ai/analyze-files. */
export function queuedMessage({ queued, retried }: { queued: number; retried: number }): string {
  if (queued === 0) return 'Nothing new to analyse: every readable file already has an analysis.';
  const fresh = queued - retried;
  if (retried === 0) return `Queued ${plural(queued, 'file')} for analysis.`;
  if (fresh === 0) return `Trying ${plural(retried, 'failed analysis', 'failed analyses')} again.`;
  return `Queued ${plural(fresh, 'new file')} and trying ${plural(retried, 'failed analysis', 'failed analyses')} again.`;
}

/** The failure list's words for a file's status. */
export function failureLabel(status: 'failed' | 'unsupported'): { tag: string; color: string } {
  return status === 'failed'
    ? { tag: 'Failed', color: 'error' }
    : { tag: 'No readable text', color: 'default' };
}

/** The line under the page title while analyses run. */
export function pendingMessage(pending: number): string | null {
  if (pending <= 0) return null;
  return `${plural(pending, 'file')} being analysed — this page refreshes until ${pending === 1 ? 'it is' : 'they are'} done.`;
}

/** 0.834 -> "83%"; no completed analyses -> "—". */
export function formatConfidence(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)}%`;
}

export function formatResponseTime(ms: number | null): string {
  return ms === null ? '—' : `${ms.toLocaleString()} ms`;
}

export const PRIORITY_COLOR: Record<InsightPriority, string> = {
  high: 'red',
  medium: 'orange',
  low: 'blue',
};

/** A provider's status as a badge: antd's badge status and the words beside it. */
export function providerBadge(status: AiProviderStatus): {
  badge: 'success' | 'default' | 'error' | 'processing';
  text: string;
} {
  switch (status) {
    case 'available':
      return { badge: 'success', text: 'Available' };
    case 'unavailable':
      return { badge: 'default', text: 'Unavailable' };
    case 'error':
      return { badge: 'error', text: 'Error' };
    default:
      return { badge: 'processing', text: 'Not checked yet' };
  }
}

const STATUS_ORDER: Record<AiProviderStatus, number> = { available: 0, error: 1, unknown: 2, unavailable: 3 };

/** Available providers first, then by their place in the fallback chain. */
export function sortProviders(providers: readonly AiProviderRecord[]): AiProviderRecord[] {
  return [...providers].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.priority ?? 99) - (b.priority ?? 99),
  );
}

/** The Files page opens a file's analysis from this link. */
export function fileAnalysisLink(fileId: string): string {
  return `/files?analysis=${encodeURIComponent(fileId)}`;
}

/**
 * Nothing analysed, nothing on the way and nothing failed: the page shows its empty state in
 * place of the lists.
 */
export function isEmpty(
  data: Pick<
    AiDashboard,
    'analyzedFiles' | 'pendingAnalyses' | 'totalAnalyses' | 'failedAnalyses' | 'unsupportedAnalyses'
  >,
) {
  return (
    data.analyzedFiles === 0 &&
    data.pendingAnalyses === 0 &&
    data.totalAnalyses === 0 &&
    data.failedAnalyses === 0 &&
    data.unsupportedAnalyses === 0
  );
}

/** Category rows for the chart, largest first, with a share of the analysed files. */
export function categoryRows(categories: AiDashboard['categories']) {
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  return [...categories]
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
    .map((c) => ({ ...c, share: total === 0 ? 0 : c.count / total }));
}
