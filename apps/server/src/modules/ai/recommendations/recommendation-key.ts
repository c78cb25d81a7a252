import { createHash } from 'node:crypto';
import type { RecommendationPriority } from '@stratos/contracts/ai/recommendations.schema';

/**
 * A file recommendation's id: the file and a hash of its text, so it survives reloads and a
 * re-analysis that repeats it, and a new text is a new recommendation (open again).
 */
export function analysisKey(fileId: string, text: string): string {
  return `analysis:${fileId}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

export const learningKey = (improvementId: string) => `learning:${improvementId}`;

/** Part 2 section 5: critical or urgent gives High; important or should gives Medium; else Low. */
export function priorityOfText(text: string): RecommendationPriority {
  const t = text.toLowerCase();
  if (/\b(critical|urgent)/.test(t)) return 'High';
  if (/\b(important|should)/.test(t)) return 'Medium';
  return 'Low';
}

/** An improvement's stored priority when it is one of ours, else by its text. */
export function priorityOfImprovement(priority: string, text: string): RecommendationPriority {
  const p = priority.trim().toLowerCase();
  if (p === 'high') return 'High';
  if (p === 'medium') return 'Medium';
  if (p === 'low') return 'Low';
  return priorityOfText(text);
}
