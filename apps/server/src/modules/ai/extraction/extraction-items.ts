import { createHash } from 'node:crypto';
import { EXTRACTION_MIN_SEGMENT, type ExtractionPromptType } from '@stratos/contracts/ai/extraction.schema';
import { classifyDifficulty, extractKeywords } from '../seeding/text-rules';
import type { DomainVocabulary } from '../seeding/vocabulary';

/** What each prompt type asks the model, and the knowledge type its items are stored as. */
const PROMPTS: Record<ExtractionPromptType, { type: string; ask: (label: string) => string }> = {
  concepts: {
    type: 'concept',
    ask: (l) => `Explain the most important core concepts of ${l}.`,
  },
  best_practices: {
    type: 'best_practice',
    ask: (l) => `Describe the best practices an experienced engineer follows in ${l}.`,
  },
  code_examples: {
    type: 'code_example',
    ask: (l) => `Give practical examples of common tasks in ${l}, each with a short explanation.`,
  },
  troubleshooting: {
    type: 'troubleshooting',
    ask: (l) => `Describe common problems in ${l}, how to diagnose them and how to fix them.`,
  },
  advanced_topics: {
    type: 'pattern',
    ask: (l) => `Explain advanced topics and design patterns of ${l} that experts rely on.`,
  },
};

/** The prompt sent for one domain and prompt type. */
export function extractionPrompt(domain: DomainVocabulary, promptType: ExtractionPromptType): string {
  return [
    PROMPTS[promptType].ask(domain.label),
    `Topics to draw on: ${domain.topics.slice(0, 6).join(', ')}.`,
    'Write 5 to 8 separate points. Each point is one self-contained paragraph of two to four sentences;',
    'separate the points with a blank line and do not add an introduction or a conclusion.',
  ].join(' ');
}

/**
 * A reply cut into its points: paragraphs (blank-line separated) or, when the model answered
 * with a list, its items; list markers and heading marks taken off.
 */
export function segmentsOf(reply: string): string[] {
  const blocks = reply.replace(/\r\n/g, '\n').split(/\n\s*\n/);
  const out: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const listItems = lines.filter((l) => /^\s*(?:[-*•]|\d+[.)])\s+/.test(l));
    // A block that is a list of items gives one segment per item (continuation lines joined).
    if (listItems.length > 1) {
      let current = '';
      for (const line of lines) {
        if (/^\s*(?:[-*•]|\d+[.)])\s+/.test(line)) {
          if (current) out.push(current);
          current = line;
        } else current += ` ${line.trim()}`;
      }
      if (current) out.push(current);
    } else out.push(block);
  }
  return out
    .map((s) =>
      s
        .replace(/^\s*(?:[-*•]|\d+[.)]|#+)\s+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** The domain's own words: its id's and label's words and its technical terms' words. */
export function domainWords(domain: DomainVocabulary): Set<string> {
  const words = new Set<string>();
  for (const text of [domain.domain.replace(/_/g, ' '), domain.label, ...domain.terms]) {
    for (const w of text.toLowerCase().split(/[^a-z0-9+#]+/)) if (w.length >= 2) words.add(w);
  }
  return words;
}

/** Section 5: 0.1 per word of the segment that is one of the domain's words, capped at 1. */
export function relevanceOf(segment: string, words: ReadonlySet<string>): number {
  let hits = 0;
  for (const w of segment.toLowerCase().split(/[^a-z0-9+#]+/)) if (words.has(w)) hits++;
  return Math.min(1, Math.round(hits * 10) / 100);
}

/** A title from the segment's first sentence (at most 120 characters, cut at a word). */
export function titleOf(segment: string): string {
  const first = (segment.split(/(?<=[.!?])\s/)[0] ?? segment).replace(/[*_`]/g, '').trim();
  if (first.length <= 120) return first;
  const cut = first.slice(0, 117);
  return `${cut.slice(0, Math.max(40, cut.lastIndexOf(' ')))}...`;
}

/** Same content in the same domain is the same item, whatever its spacing or case. */
export function contentHashOf(domain: string, segment: string): string {
  const normal = segment.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(`extraction\n${domain}\n${normal}`).digest('hex');
}

export interface ExtractedItem {
  domain: string;
  type: string;
  title: string;
  content: string;
  keywords: string[];
  difficultyLevel: 'beginner' | 'intermediate' | 'advanced';
  relevanceScore: number;
  source: 'extraction';
  modelUsed: string;
  contentHash: string;
}

/**
 * The knowledge items of one reply: its segments of 50 characters or more (shorter ones are
 * counted as dropped), each with keywords, difficulty and relevance by section 5. The same content
 * twice is stored once (by its hash; the insert skips the second).
 */
export function itemsOf(
  reply: string,
  domain: DomainVocabulary,
  promptType: ExtractionPromptType,
  model: string,
): { items: ExtractedItem[]; dropped: number } {
  const words = domainWords(domain);
  const items: ExtractedItem[] = [];
  let dropped = 0;
  for (const segment of segmentsOf(reply)) {
    if (segment.length < EXTRACTION_MIN_SEGMENT) {
      dropped++;
      continue;
    }
    const contentHash = contentHashOf(domain.domain, segment);
    items.push({
      domain: domain.domain,
      type: PROMPTS[promptType].type,
      title: titleOf(segment),
      content: segment,
      keywords: extractKeywords(segment),
      difficultyLevel: classifyDifficulty(segment, domain.terms),
      relevanceScore: relevanceOf(segment, words),
      source: 'extraction',
      modelUsed: model,
      contentHash,
    });
  }
  return { items, dropped };
}
