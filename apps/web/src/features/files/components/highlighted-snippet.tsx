import type { Snippet } from '@stratos/contracts/files/content-search.schema';
import type { ReactNode } from 'react';

/**
 * Pieces of a snippet: plain runs and marked runs, from the server's ranges. Ranges that overlap,
 * run backwards or fall outside the text are dropped, so a bad reply cannot garble the text.
 */
export function snippetParts(snippet: Snippet): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  const ranges = [...snippet.highlights].sort((a, b) => a.start - b.start);
  for (const r of ranges) {
    if (r.start < at || r.end <= r.start || r.end > snippet.text.length) continue;
    if (r.start > at) parts.push({ text: snippet.text.slice(at, r.start), marked: false });
    parts.push({ text: snippet.text.slice(r.start, r.end), marked: true });
    at = r.end;
  }
  if (at < snippet.text.length) parts.push({ text: snippet.text.slice(at), marked: false });
  return parts;
}

/** The snippet as text nodes with <mark> around matched words (React escapes every piece). */
export function HighlightedSnippet({ snippet, className }: { snippet: Snippet; className?: string }) {
  const nodes: ReactNode[] = snippetParts(snippet).map((p, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
    p.marked ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
  );
  return <p className={className}>{nodes}</p>;
}
