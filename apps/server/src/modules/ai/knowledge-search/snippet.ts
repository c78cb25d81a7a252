/** Characters of content a search result shows. */
export const SNIPPET_CHARS = 240;

/**
 * Up to SNIPPET_CHARS of the content around the first matched keyword (from the start when none is
 * found), cut at word boundaries, with an ellipsis where text was left out.
 */
export function snippetOf(content: string, keywords: readonly string[]): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= SNIPPET_CHARS) return text;
  const lower = text.toLowerCase();
  const hits = keywords.map((k) => lower.indexOf(k)).filter((i) => i >= 0);
  const hit = hits.length > 0 ? Math.min(...hits) : 0;
  let start = Math.max(0, Math.min(hit - Math.floor(SNIPPET_CHARS / 3), text.length - SNIPPET_CHARS));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > hit ? start : space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
