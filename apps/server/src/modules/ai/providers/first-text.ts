import type { StreamPart } from './direct-generate';

/** Reads parts until the first non-empty text; throws the stream's error; null when it ended without text. */
export async function firstText(parts: AsyncIterator<StreamPart>): Promise<string | null> {
  for (;;) {
    const next = await parts.next();
    if (next.done) return null;
    const p = next.value;
    if (p.type === 'error') throw p.error;
    if (p.type === 'abort') throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    if (p.type === 'text-delta' && p.text) return p.text;
  }
}
