/**
 * Cuts a file's extracted text into the chunks that retrieval reads: about CHUNK_TARGET characters
 * each, ending on a paragraph or sentence boundary where one is near, never over CHUNK_MAX, and
 * starting with the last sentence of the chunk before (up to CHUNK_OVERLAP characters) so a fact
 * that straddles a cut is still whole in one of them.
 */

export const CHUNK_MIN = 800;
export const CHUNK_TARGET = 1000;
export const CHUNK_MAX = 1200;
export const CHUNK_OVERLAP = 200;

export interface TextChunk {
  /** Where the chunk's first character is in the text (UTF-16 offset, as JavaScript counts). */
  charStart: number;
  content: string;
}

/** A run of text between two boundaries; `paragraphEnd`: a blank line follows it. */
interface Piece {
  start: number;
  end: number;
  paragraphEnd: boolean;
}

/** After a sentence's end mark (and any closing quote or bracket) and its spaces, or after a line break. */
const BOUNDARY = /[.!?]+["')\]]*[ \t]+|\n+/g;

function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  for (const m of text.matchAll(BOUNDARY)) {
    const end = (m.index ?? 0) + m[0].length;
    if (end <= start) continue;
    pieces.push(...hardSplit(start, end, text, m[0].includes('\n\n')));
    start = end;
  }
  if (start < text.length) pieces.push(...hardSplit(start, text.length, text, true));
  return pieces;
}

/** A sentence longer than CHUNK_MAX (a table row, a minified line) is cut at spaces, else anywhere. */
function hardSplit(start: number, end: number, text: string, paragraphEnd: boolean): Piece[] {
  const out: Piece[] = [];
  let s = start;
  while (end - s > CHUNK_MAX) {
    const window = text.slice(s, s + CHUNK_TARGET);
    const space = window.lastIndexOf(' ');
    let cut = s + (space > CHUNK_MIN / 2 ? space + 1 : CHUNK_TARGET);
    // Never between the two halves of a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut++;
    out.push({ start: s, end: cut, paragraphEnd: false });
    s = cut;
  }
  out.push({ start: s, end, paragraphEnd });
  return out;
}

export function chunkText(text: string): TextChunk[] {
  const pieces = piecesOf(text);
  const chunks: TextChunk[] = [];
  let first = 0;
  while (first < pieces.length) {
    let last = first;
    const startAt = (pieces[first] as Piece).start;
    // Grow while the next piece fits; past CHUNK_MIN, stop at a paragraph's end or at the target.
    while (last + 1 < pieces.length) {
      const cur = pieces[last] as Piece;
      const next = pieces[last + 1] as Piece;
      const length = cur.end - startAt;
      if (next.end - startAt > CHUNK_MAX) break;
      if (length >= CHUNK_MIN && (cur.paragraphEnd || length >= CHUNK_TARGET)) break;
      last++;
    }
    const endAt = (pieces[last] as Piece).end;
    const raw = text.slice(startAt, endAt);
    const lead = raw.length - raw.trimStart().length;
    const content = raw.trim();
    if (content) chunks.push({ charStart: startAt + lead, content });
    if (last + 1 >= pieces.length) break;
    // The next chunk opens with the trailing sentences of this one that fit in CHUNK_OVERLAP.
    let next = last + 1;
    while (next - 1 > first && endAt - (pieces[next - 1] as Piece).start <= CHUNK_OVERLAP) next--;
    first = next;
  }
  return chunks;
}
