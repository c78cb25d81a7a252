import { SEED_TABLES } from '@stratos/contracts/ai/seeding.schema';
import { describe, expect, it } from 'vitest';
import { generateSeed, seedCounts } from './seed-generator';
import { priorityOf } from './seed-rows';
import { averageSentenceWords, classifyDifficulty, extractKeywords } from './text-rules';
import { DOMAINS, KNOWLEDGE_TYPES } from './vocabulary';

describe('section 5 text rules', () => {
  it('keywords: words of 4+ letters, no stop words, the 10 most frequent', () => {
    const text =
      'Indexes speed reads. Indexes slow writes, and indexes need vacuum. These reads are quick; the writes wait and the vacuum runs nightly with other maintenance tasks about storage pages tuples';
    const words = extractKeywords(text);
    // By frequency, ties in order of first appearance.
    expect(words).toEqual([
      'indexes',
      'reads',
      'writes',
      'vacuum',
      'speed',
      'slow',
      'need',
      'quick',
      'wait',
      'runs',
    ]);
    for (const stop of ['these', 'with', 'other', 'about'])
      expect(extractKeywords(`${stop} ${stop} word`)).toEqual(['word']);
    expect(extractKeywords('a an the of to in')).toEqual([]);
  });

  it('difficulty: advanced over 3 terms or 20 words a sentence, intermediate over 1 term or 15 words', () => {
    const terms = ['MVCC', 'B-tree', 'vacuum', 'deadlock'];
    expect(classifyDifficulty('Tables hold rows. Rows have columns.', terms)).toBe('beginner');
    expect(classifyDifficulty('MVCC keeps old rows. Vacuum removes them.', terms)).toBe('intermediate');
    expect(classifyDifficulty('MVCC, a B-tree, vacuum and a deadlock.', terms)).toBe('advanced');
    const long16 =
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen.';
    expect(averageSentenceWords(long16)).toBe(16);
    expect(classifyDifficulty(long16, terms)).toBe('intermediate');
    expect(classifyDifficulty(`${long16.slice(0, -1)} a b c d e.`, terms)).toBe('advanced');
    // Code is not prose.
    expect(averageSentenceWords('Short one.\n\n```js\nconst a = b; const c = d; const e = f\n```')).toBe(2);
  });

  it('priority from the suggestion text', () => {
    expect(priorityOf('Critical: fix it')).toBe('High');
    expect(priorityOf('This is urgent')).toBe('High');
    expect(priorityOf('We should add it')).toBe('Medium');
    expect(priorityOf('Important: add it')).toBe('Medium');
    expect(priorityOf('Add an example')).toBe('Low');
  });
});

describe('the deterministic generator', () => {
  const data = generateSeed(0.05, new Date('2026-01-01T00:00:00Z'));

  it('is the same every time, whatever the date, and a smaller seed is the start of a larger one', () => {
    const again = generateSeed(0.05, new Date('2026-06-01T00:00:00Z'));
    for (const t of SEED_TABLES) {
      expect(again[t].map((r) => r.content_hash)).toEqual(data[t].map((r) => r.content_hash));
    }
    const small = generateSeed(0.02);
    expect(small.ai_knowledge_base.map((r) => r.id)).toEqual(
      data.ai_knowledge_base.slice(0, small.ai_knowledge_base.length).map((r) => r.id),
    );
  });

  it('gives every table its count of distinct records, covering the 30 domains and every type', () => {
    const counts = seedCounts(0.05);
    for (const t of SEED_TABLES) {
      expect(data[t]).toHaveLength(counts[t]);
      expect(new Set(data[t].map((r) => r.content_hash)).size).toBe(counts[t]);
    }
    expect(DOMAINS).toHaveLength(30);
    expect(new Set(data.ai_knowledge_base.map((r) => r.domain)).size).toBe(30);
    expect(new Set(data.ai_knowledge_base.map((r) => r.type))).toEqual(new Set(KNOWLEDGE_TYPES));
    for (const r of data.ai_knowledge_base) {
      expect((r.content as string).length).toBeGreaterThanOrEqual(50);
      if (r.type === 'code_example') expect(r.content).toMatch(/```\w+\n[\s\S]+\n```$/);
    }
  });

  it('connects real items, never an item to itself, never the same pair and type twice', () => {
    const ids = new Set(data.ai_knowledge_base.map((r) => r.id));
    const seen = new Set<string>();
    for (const c of data.ai_knowledge_connections) {
      expect(ids.has(c.source_knowledge_id as string)).toBe(true);
      expect(ids.has(c.target_knowledge_id as string)).toBe(true);
      expect(c.source_knowledge_id).not.toBe(c.target_knowledge_id);
      const key = `${c.source_knowledge_id}:${c.target_knowledge_id}:${c.connection_type}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    expect(data.ai_knowledge_embeddings.map((e) => e.knowledge_id)).toEqual(
      data.ai_knowledge_base.map((r) => r.id),
    );
    for (const e of data.ai_knowledge_embeddings) expect(e.embedding_vector).toBeNull();
  });
});
