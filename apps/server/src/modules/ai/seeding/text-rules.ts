import { STOP_WORDS } from './vocabulary';

/** The text rules of part 2 section 5 that seeded knowledge follows. */

export type Difficulty = 'beginner' | 'intermediate' | 'advanced';

/**
 * Keywords: words of at least 4 letters that are not stop words, the 10 most frequent (ties in
 * order of first appearance, so the result is stable).
 */
export function extractKeywords(text: string, limit = 10): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9+#-]*[a-z0-9+#]|[a-z]/g) ?? []) {
    const letters = word.replace(/[^a-z]/g, '');
    if (letters.length < 4 || STOP_WORDS.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([w]) => w);
}

/** Technical terms (from `terms`) the text mentions, each counted once. */
export function countTechnicalTerms(text: string, terms: readonly string[]): number {
  const lower = text.toLowerCase();
  return terms.filter((t) => lower.includes(t.toLowerCase())).length;
}

/** Average words per sentence of the prose (code blocks left out). */
export function averageSentenceWords(text: string): number {
  const prose = text.replace(/```[\s\S]*?```/g, ' ');
  const sentences = prose
    .split(/[.!?]+(?:\s|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length === 0) return 0;
  const words = sentences.reduce((n, s) => n + s.split(/\s+/).length, 0);
  return words / sentences.length;
}

/**
 * Advanced if more than 3 technical terms or an average sentence over 20 words; intermediate if
 * more than 1 term or over 15 words; else beginner.
 */
export function classifyDifficulty(text: string, terms: readonly string[]): Difficulty {
  const n = countTechnicalTerms(text, terms);
  const avg = averageSentenceWords(text);
  if (n > 3 || avg > 20) return 'advanced';
  if (n > 1 || avg > 15) return 'intermediate';
  return 'beginner';
}
