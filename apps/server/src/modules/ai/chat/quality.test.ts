import { describe, expect, it } from 'vitest';
import {
  assessQuality,
  BANNED_PHRASES,
  CHAT_FALLBACK_TEXT,
  categoryOf,
  forcedQuality,
  keywords,
  systemPromptFor,
} from './quality';

const long = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);

describe('categories (part 2 section 3)', () => {
  it('poor below 0.4, fair from 0.4, good from 0.6, excellent from 0.8', () => {
    expect(categoryOf(0)).toBe('poor');
    expect(categoryOf(0.39)).toBe('poor');
    expect(categoryOf(0.4)).toBe('fair');
    expect(categoryOf(0.59)).toBe('fair');
    expect(categoryOf(0.6)).toBe('good');
    expect(categoryOf(0.79)).toBe('good');
    expect(categoryOf(0.8)).toBe('excellent');
    expect(categoryOf(1)).toBe('excellent');
  });
});

describe('keywords (part 2 section 5)', () => {
  it('keeps words of 4 letters or more that are not stop words', () => {
    expect(keywords('What is the Raft consensus about? raft RAFT')).toEqual(['raft', 'consensus']);
    expect(keywords('why not do it')).toEqual([]);
  });
});

describe('canned replies (part 2 section 5)', () => {
  it('under 20 characters is canned; 20 is not for that reason', () => {
    expect(assessQuality('hi', long('a', 19)).category).toBe('canned');
    const q = assessQuality('hi', long('a', 20));
    expect(q.category).not.toBe('canned');
  });

  it('a banned phrase is canned, whatever the length or case', () => {
    for (const p of BANNED_PHRASES) {
      const reply = `Well. ${p.toUpperCase()} ${long('storage buckets are great. ', 300)}`;
      expect(assessQuality('storage buckets', reply).category, p).toBe('canned');
    }
    expect(assessQuality('x', 'As an AI’s friend… as an AI language model I think so.').category).toBe(
      'canned',
    );
  });

  it('under 100 characters with no keyword of the question is canned', () => {
    const q = 'How do replication factors work in distributed storage?';
    const off = long('The weather today is sunny and warm. ', 99);
    expect(assessQuality(q, off)).toMatchObject({ category: 'canned', score: 0.1 });
    expect(assessQuality(q, long('The weather today is sunny and warm. ', 100)).category).not.toBe('canned');
    const on = 'Replication copies each block to several nodes.';
    expect(assessQuality(q, on).category).not.toBe('canned');
  });

  it('a question with no keywords cannot fail the keyword rule', () => {
    expect(assessQuality('why?', 'Because that is how it was built.').category).not.toBe('canned');
  });

  it('lists every issue found', () => {
    const q = assessQuality('distributed storage', 'As an AI assistant, no.');
    expect(q.issues.length).toBe(2);
  });
});

describe('scores', () => {
  it('a long reply covering every keyword is excellent', () => {
    const reply = long('Distributed storage keeps replicas of every object on separate nodes. ', 500);
    expect(assessQuality('distributed storage replicas', reply)).toMatchObject({
      category: 'excellent',
      score: 1,
    });
  });
  it('a long reply covering none of them is at most fair', () => {
    const reply = long('The weather today is sunny and warm. ', 500);
    const q = assessQuality('distributed storage replicas', reply);
    expect(q.score).toBe(0.6);
    expect(q.issues).toContain('covers few of the question keywords');
  });
  it('scores stay between 0 and 1', () => {
    for (const n of [20, 50, 100, 399, 400, 2000]) {
      const s = assessQuality('alpha beta', long('alpha ', n)).score;
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});

describe('attempts', () => {
  it('later attempts get stricter prompts', () => {
    const [a, b, c] = [1, 2, 3].map(systemPromptFor);
    expect(b?.length).toBeGreaterThan(a?.length ?? 0);
    expect(c?.length).toBeGreaterThan(b?.length ?? 0);
    expect(b).toContain('rejected');
  });
  it('the forced fallback is the fixed text with category forced', () => {
    expect(CHAT_FALLBACK_TEXT).toBe("I apologize, but I'm unable to provide a response at this time.");
    expect(forcedQuality(['x'])).toMatchObject({ category: 'forced', score: 0 });
  });
});
