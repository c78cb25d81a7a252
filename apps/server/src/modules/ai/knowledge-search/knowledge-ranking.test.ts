import { describe, expect, it } from 'vitest';
import { RRF_K, ranks, reciprocalRankFusion } from './fusion';
import type { CandidateRow } from './knowledge-search.repository';
import { MIN_SIMILARITY, rankCandidates } from './knowledge-search.service';
import { relevanceOf, termKeywords } from './relevance';
import { SNIPPET_CHARS, snippetOf } from './snippet';

const item = (over: Partial<CandidateRow> = {}): CandidateRow => ({
  id: over.id ?? 'id',
  domain: 'machine_learning',
  type: 'concept',
  title: 'Untitled',
  content: 'Nothing in particular.',
  keywords: [],
  difficulty_level: 'beginner',
  rank: null,
  similarity: null,
  ...over,
});

describe('section 5 keywords of a term', () => {
  it('are the words longer than 3 characters, stop words left out', () => {
    expect(termKeywords('How do neural networks learn from the training data?')).toEqual([
      'neural',
      'networks',
      'learn',
      'training',
      'data',
    ]);
  });

  it('are at most 10, the most frequent first, ties in the order they appear', () => {
    const term = 'alpha bravo charlie delta echoes foxtrot golfer hotel india juliet kilos limas kilos limas';
    const k = termKeywords(term);
    expect(k).toHaveLength(10);
    expect(k.slice(0, 2)).toEqual(['kilos', 'limas']);
    expect(k.slice(2)).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echoes',
      'foxtrot',
      'golfer',
      'hotel',
    ]);
  });

  it('keep technical words whole', () => {
    expect(termKeywords('Node.js event loop and c++ templates')).toEqual([
      'node.js',
      'event',
      'loop',
      'templates',
    ]);
  });
});

describe('section 5 relevance', () => {
  const keywords = ['neural', 'networks', 'training'];

  it('is the base 0.5 with no match', () => {
    expect(relevanceOf(item(), keywords).score).toBe(0.5);
  });

  it('adds 0.2 per matching keyword, from the keywords, the title or the content', () => {
    expect(relevanceOf(item({ keywords: ['neural'] }), keywords)).toMatchObject({
      score: 0.7,
      matched: ['neural'],
    });
    expect(relevanceOf(item({ keywords: ['Neural'], title: 'Deep networks' }), keywords).score).toBe(0.9);
    expect(relevanceOf(item({ content: 'Training a model.' }), keywords).score).toBe(0.7);
  });

  it('adds 0.3 for the domain the request names', () => {
    expect(relevanceOf(item({ keywords: ['neural'] }), keywords, { domain: 'machine_learning' }).score).toBe(
      1,
    );
    expect(relevanceOf(item(), keywords, { domain: 'machine_learning' })).toMatchObject({
      score: 0.8,
      domainMatched: true,
    });
    expect(relevanceOf(item(), keywords, { domain: 'databases' }).score).toBe(0.5);
  });

  it("matches the domain from the term's words when the request names none", () => {
    const termWords = new Set(['machine', 'learning', 'basics']);
    expect(relevanceOf(item(), [], { termWords }).domainMatched).toBe(true);
    expect(relevanceOf(item({ domain: 'databases' }), [], { termWords }).domainMatched).toBe(false);
  });

  it('is capped at 1', () => {
    const all = item({ keywords: ['neural', 'networks', 'training'] });
    expect(relevanceOf(all, keywords, { domain: 'machine_learning' }).score).toBe(1);
  });
});

describe('reciprocal rank fusion', () => {
  it('gives equal values one rank', () => {
    const r = ranks([
      { id: 'a', value: 0.9 },
      { id: 'b', value: 0.7 },
      { id: 'c', value: 0.9 },
      { id: 'd', value: 0.5 },
    ]);
    expect([...r.entries()].sort()).toEqual([
      ['a', 1],
      ['b', 3],
      ['c', 1],
      ['d', 4],
    ]);
  });

  it('sums 1/(60 + rank) over the signals that found an item', () => {
    const fused = reciprocalRankFusion([
      [
        { id: 'a', value: 2 },
        { id: 'b', value: 1 },
      ],
      [{ id: 'b', value: 5 }],
    ]);
    expect(fused.get('a')).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused.get('b')).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
  });
});

describe('ranking candidates', () => {
  const term = 'neural networks training';
  const keywords = termKeywords(term);

  it('puts items several signals agree on first, and names the signals', () => {
    const rows = [
      item({ id: 'text-only', keywords: ['neural', 'networks', 'training'], rank: 0.9 }),
      item({ id: 'all-three', keywords: ['neural'], rank: 0.5, similarity: 0.8 }),
      item({ id: 'vector-only', similarity: 0.95 }),
      item({ id: 'too-far', similarity: MIN_SIMILARITY - 0.01 }),
    ];
    const out = rankCandidates(rows, keywords, { term });
    expect(out.map((i) => i.id)).toEqual(['all-three', 'text-only', 'vector-only']);
    expect(out[0]?.matched).toEqual(['keywords', 'fulltext', 'vector']);
    expect(out[2]).toMatchObject({ matched: ['vector'], relevance: 0.5, similarity: 0.95 });
    expect(out[0]?.score).toBeGreaterThan(out[1]?.score as number);
  });

  it('lets the domain bonus order items, but finds nothing by itself', () => {
    const rows = [
      item({ id: 'other', domain: 'databases', similarity: 0.5 }),
      item({ id: 'ml', similarity: 0.5 }),
    ];
    const out = rankCandidates(rows, keywords, { term, domain: 'machine_learning' });
    expect(out.map((i) => [i.id, i.relevance, i.matched])).toEqual([
      ['ml', 0.8, ['domain', 'vector']],
      ['other', 0.5, ['vector']],
    ]);
  });
});

describe('snippets', () => {
  it('show short content whole and long content around the first keyword', () => {
    expect(snippetOf('Short text.', ['text'])).toBe('Short text.');
    const long = `${'filler words here '.repeat(40)}the neural part ${'more filler '.repeat(40)}`;
    const s = snippetOf(long, ['neural']);
    expect(s).toContain('neural');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(SNIPPET_CHARS + 2);
  });
});
