import { describe, expect, it } from 'vitest';
import type { FileIndexRepository } from './file-index.repository';
import { MARK_END, MARK_START } from './file-index.repository';
import {
  FileRetrievalService,
  fuse,
  NO_FILES_RECHECK_MS,
  parseHeadline,
  questionWords,
} from './file-retrieval.service';
import { VectorCache } from './vector-cache';

const chunk = (fileId: string, chunkIndex: number, textRank: number | null, similarity: number | null) => ({
  fileId,
  chunkIndex,
  fileName: `${fileId}.txt`,
  mimeType: 'text/plain',
  content: `chunk ${fileId}/${chunkIndex}`,
  charStart: 0,
  textRank,
  headline: null,
  similarity,
});

describe('retrieval helpers', () => {
  it('fuses the text and vector rankings by reciprocal rank: found by both beats first in one', () => {
    const ranked = fuse([
      chunk('a', 0, 0.9, null),
      chunk('b', 0, 0.5, 0.8),
      chunk('c', 0, null, 0.9),
      chunk('d', 0, 0.1, null),
    ]);
    expect(ranked.map((c) => c.fileId)).toEqual(['b', 'a', 'c', 'd']);
    expect(ranked[0]?.score).toBeCloseTo(1 / 62 + 1 / 62, 10);
  });

  it('turns the headline marks into ranges over the plain text', () => {
    const s = parseHeadline(`  the ${MARK_START}quick${MARK_END} fox ${MARK_START}jumps${MARK_END}`);
    expect(s.text).toBe('the quick fox jumps');
    expect(s.highlights.map((h) => s.text.slice(h.start, h.end))).toEqual(['quick', 'jumps']);
  });

  it('keeps only letters and digits of a question, once each', () => {
    expect(questionWords("What's in Q3's report? Report & (x|y) 'or' !")).toEqual([
      'what',
      'in',
      'q3',
      'report',
      'or',
    ]);
  });
});

describe('VectorCache', () => {
  const unit = (v: number[]) => {
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const rows = [
    { fileId: 'f1', chunkIndex: 0, model: 'm', embedding: unit([1, 0, 0]) },
    { fileId: 'f1', chunkIndex: 1, model: 'm', embedding: unit([1, 1, 0]) },
    { fileId: 'f2', chunkIndex: 0, model: 'm', embedding: unit([0, 0, 1]) },
    { fileId: 'f3', chunkIndex: 0, model: 'other', embedding: unit([1, 0, 0]) },
  ];
  const stamp = { files: 3, embedded: 4, lastIndexedAt: null };
  let reads = 0;
  const cache = new VectorCache(
    {
      vectorsOf: async () => {
        reads++;
        return { stamp, rows };
      },
    },
    { warn: () => undefined },
  );

  it('answers the nearest chunks of the same model above the threshold, best first, and reads once', async () => {
    const held = await cache.get('u1');
    if (!held) throw new Error('nothing held');
    const hits = cache.nearest(held, 'm', unit([1, 0.1, 0]), 5, 0.35);
    expect(hits.map((h) => `${h.fileId}/${h.chunkIndex}`)).toEqual(['f1/0', 'f1/1']);
    expect(cache.nearest(held, 'm', unit([1, 0.1, 0]), 1, 0.35)).toHaveLength(1);
    // Another model's vectors are never compared.
    expect(cache.nearest(held, 'none', unit([1, 0, 0]), 5, 0)).toEqual([]);
    await cache.get('u1');
    expect(reads).toBe(1);
    // A newer stamp reads the vectors again.
    cache.refreshIfStale('u1', { ...stamp, embedded: 5 });
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
  });
});

describe('chat retrieval for a user with no indexed file', () => {
  it('asks the index again only after a while, or at once when this process indexes a file', async () => {
    let now = 1_000_000;
    let files = 0;
    let queries = 0;
    const { similarity: _none, ...ledger } = chunk('f1', 0, 0.5, null);
    const repo = {
      find: async () => {
        queries++;
        return { stamp: { files, embedded: 0, lastIndexedAt: null }, chunks: files === 0 ? [] : [ledger] };
      },
      chunksByKeys: async () => [],
      progress: async () => ({ indexed: files, pending: 0 }),
    } as unknown as Pick<FileIndexRepository, 'find' | 'chunksByKeys' | 'progress'>;
    const vectors = new VectorCache(
      { vectorsOf: async () => ({ stamp: { files, embedded: 0, lastIndexedAt: null }, rows: [] }) },
      { warn: () => {} },
    );
    const retrieval = new FileRetrievalService({ repo, vectors, embedder: null, now: () => now });
    const ask = () => retrieval.forChat('u1', 'Where is the heliotrope ledger?');

    expect((await ask()).chunks).toEqual([]);
    expect(queries).toBe(1);
    files = 1;
    // Taken at its word for a while: no query.
    now += NO_FILES_RECHECK_MS - 1;
    expect((await ask()).chunks).toEqual([]);
    expect(queries).toBe(1);
    // Then asked again, and the file found.
    now += 1;
    expect((await ask()).sources.map((s) => s.fileId)).toEqual(['f1']);
    expect(queries).toBe(2);
    // A user with a file is asked every time.
    await ask();
    expect(queries).toBe(3);

    // Indexed here: the next question looks at once.
    files = 0;
    await retrieval.forChat('u2', 'Where is the heliotrope ledger?');
    expect(queries).toBe(4);
    files = 1;
    retrieval.indexed('u2');
    expect((await retrieval.forChat('u2', 'Where is the heliotrope ledger?')).chunks).toHaveLength(1);
    expect(queries).toBe(5);
  });
});
