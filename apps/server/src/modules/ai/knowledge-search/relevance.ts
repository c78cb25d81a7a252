/**
 * Part 2 section 5's retrieval relevance: the term's keywords are its top 10 words longer than 3
 * characters; an item scores a base of 0.5, plus 0.2 per keyword it matches (in its keywords, title
 * or content), plus 0.3 when its domain matches, capped at 1. Retrieval keeps items above 0.3.
 */

export const RELEVANCE_BASE = 0.5;
export const RELEVANCE_PER_KEYWORD = 0.2;
export const RELEVANCE_DOMAIN_BONUS = 0.3;
export const RELEVANCE_KEEP_ABOVE = 0.3;
export const TERM_KEYWORDS = 10;

/** Words that say nothing about a topic; section 5 keeps them out of keywords. */
const STOP_WORDS = new Set(
  (
    'about above after again against also because been before being below between both could does ' +
    'doing down during each from further have having here how into itself just more most once only ' +
    'other over same should some such than that their theirs them then there these they this those ' +
    'through under until very were what when where which while whom will with would your yours'
  ).split(' '),
);

/** Lower-case words of a text (letters and digits; inner dots, dashes and plus signs kept: "node.js", "c++"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.+#-][\p{L}\p{N}+#]+)*\+*/gu) ?? [];
}

/** The term's keywords: its 10 most frequent words longer than 3 characters (first seen first on ties). */
export function termKeywords(term: string): string[] {
  const counts = new Map<string, number>();
  for (const w of words(term)) {
    if (w.length <= 3 || STOP_WORDS.has(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  // Map keeps first-seen order and the sort is stable, so ties stay in the order they appeared.
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TERM_KEYWORDS)
    .map(([w]) => w);
}

export interface RelevanceItem {
  domain: string;
  title: string;
  content: string;
  keywords: readonly string[];
}

export interface Relevance {
  score: number;
  /** The term's keywords this item matched. */
  matched: string[];
  domainMatched: boolean;
}

/** Every word of a domain's name ("machine_learning" -> machine, learning) is in the term. */
function domainMatchesTerm(domain: string, termWords: ReadonlySet<string>): boolean {
  const parts = words(domain.replaceAll('_', ' '));
  return parts.length > 0 && parts.every((w) => termWords.has(w));
}

/**
 * The section 5 score of one item. The domain matches when the request names it, or, without one,
 * when every word of the item's domain is in the term ("react hooks" matches domain "react").
 */
export function relevanceOf(
  item: RelevanceItem,
  keywords: readonly string[],
  opts: { domain?: string; termWords?: ReadonlySet<string> } = {},
): Relevance {
  const own = new Set(item.keywords.map((k) => k.toLowerCase()));
  const text = new Set(words(`${item.title} ${item.content}`));
  const matched = keywords.filter((k) => own.has(k) || text.has(k));
  const domainMatched = opts.domain
    ? opts.domain.toLowerCase() === item.domain.toLowerCase()
    : opts.termWords !== undefined && domainMatchesTerm(item.domain, opts.termWords);
  const raw =
    RELEVANCE_BASE + RELEVANCE_PER_KEYWORD * matched.length + (domainMatched ? RELEVANCE_DOMAIN_BONUS : 0);
  // Rounded so 0.5 + 0.2 + 0.2 reads 0.9, not 0.9000000000000001.
  return { score: Math.min(1, Math.round(raw * 1000) / 1000), matched, domainMatched };
}
