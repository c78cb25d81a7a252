import { describe, expect, it } from 'vitest';
import { CHUNK_MAX, CHUNK_MIN, CHUNK_OVERLAP, chunkText } from './chunking';

const sentence = (i: number) => `Sentence number ${i} tells a small fact about the storage platform.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, k) => sentence(from + k)).join(' ');

describe('chunkText', () => {
  it('keeps a short text whole, at its offset', () => {
    const text = '  Hello there. A short note.';
    expect(chunkText(text)).toEqual([{ charStart: 2, content: 'Hello there. A short note.' }]);
  });

  it('answers nothing for blank text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\n ')).toEqual([]);
  });

  it('cuts long text into 800-1,200 character chunks on sentence ends, each found at its char_start', () => {
    const text = Array.from({ length: 12 }, (_, p) => paragraph(p * 10, 10)).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(5);
    for (const [i, c] of chunks.entries()) {
      expect(c.content.length).toBeLessThanOrEqual(CHUNK_MAX);
      if (i < chunks.length - 1) expect(c.content.length).toBeGreaterThanOrEqual(CHUNK_MIN);
      expect(text.slice(c.charStart, c.charStart + c.content.length)).toBe(c.content);
      // Ends on a sentence's end.
      expect(c.content).toMatch(/\.$/);
    }
    // Every sentence is in some chunk.
    for (let i = 0; i < 120; i++) expect(chunks.some((c) => c.content.includes(sentence(i)))).toBe(true);
  });

  it('overlaps consecutive chunks by their trailing sentences', () => {
    const chunks = chunkText(paragraph(0, 60));
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1];
      const cur = chunks[i];
      if (!prev || !cur) throw new Error('missing chunk');
      expect(cur.charStart).toBeLessThan(prev.charStart + prev.content.length);
      expect(cur.charStart).toBeGreaterThan(prev.charStart);
      const lastSentence = prev.content.slice(prev.content.lastIndexOf('Sentence number'));
      // Up to CHUNK_OVERLAP characters of whole sentences: the last one at least.
      expect(cur.content.startsWith('Sentence number')).toBe(true);
      expect(cur.content.slice(0, CHUNK_OVERLAP + lastSentence.length)).toContain(lastSentence);
    }
  });

  it('prefers a paragraph end once a chunk is long enough', () => {
    const first = paragraph(0, 13); // ~880 characters
    const text = `${first}\n\n${paragraph(100, 13)}`;
    const chunks = chunkText(text);
    expect(chunks[0]?.content).toBe(first);
  });

  it('cuts a sentence with no boundary at spaces, and text with no spaces anywhere', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkText(words);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.content.length).toBeLessThanOrEqual(CHUNK_MAX);
      expect(words.slice(c.charStart, c.charStart + c.content.length)).toBe(c.content);
    }
    const solid = 'x'.repeat(5000);
    const pieces = chunkText(solid);
    expect(pieces.map((c) => c.content).join('')).toBe(solid);
    expect(Math.max(...pieces.map((c) => c.content.length))).toBeLessThanOrEqual(CHUNK_MAX);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(3000);
    for (const c of chunkText(text)) expect(c.content).toMatch(/^(😀)+$/u);
  });
});
