import type { Recommendation, RecommendationPriority } from '@stratos/contracts/ai/recommendations.schema';

export const PRIORITY_COLOR: Record<RecommendationPriority, string> = {
  High: 'red',
  Medium: 'orange',
  Low: 'blue',
};

export const SOURCE_LABEL: Record<Recommendation['source'], string> = {
  analysis: 'File analysis',
  learning: 'Learning',
};

/** The file's analysis on the Files page. */
export const fileAnalysisLink = (fileId: string) => `/files?analysis=${encodeURIComponent(fileId)}`;

/** The assistant with the recommendation's file picked and its text as the request. */
export function assistantLink(rec: Pick<Recommendation, 'fileId' | 'text'>): string {
  const q = new URLSearchParams();
  if (rec.fileId) q.set('file', rec.fileId);
  q.set('ask', rec.text);
  return `/ai-assistant?${q.toString()}`;
}

/** What a learning improvement's status means to the user. */
export function improvementNote(rec: Pick<Recommendation, 'improvementStatus' | 'appliedAt'>): string | null {
  if (rec.appliedAt) return 'Applied to the assistant';
  if (!rec.improvementStatus) return null;
  return `Suggested (${rec.improvementStatus.replace(/_/g, ' ')})`;
}

export const EMPTY_TEXT: Record<'open' | 'done' | 'dismissed' | 'all', string> = {
  open: 'Nothing waiting for you.',
  done: 'Nothing marked done yet.',
  dismissed: 'Nothing dismissed.',
  all: 'No recommendations yet.',
};
