import { describe, expect, it } from 'vitest';
import {
  type CycleInteraction,
  categoryOf,
  exceeded,
  figuresOf,
  knowledgeFrom,
  learningRateFor,
  patternWords,
  pickImprovements,
  priorityOf,
  thresholdCandidates,
  toAnalyse,
} from './learning-analysis';

const row = (over: Partial<CycleInteraction> = {}, i = 0): CycleInteraction => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userQuery: 'q',
  aiResponse: 'a',
  satisfactionScore: null,
  responseTime: null,
  domain: 'general',
  usedKnowledge: false,
  wasHelpful: null,
  modelUsed: null,
  ...over,
});

describe('section 5 priority mapping', () => {
  it('critical or urgent is High, important or should Medium, anything else Low', () => {
    expect(priorityOf('This is CRITICAL for users')).toBe('High');
    expect(priorityOf('urgent: fix it')).toBe('High');
    expect(priorityOf('It is important to check')).toBe('Medium');
    expect(priorityOf('Answers should be shorter')).toBe('Medium');
    expect(priorityOf('Consider a shorter answer')).toBe('Low');
  });

  it('a suggestion’s category comes from its words', () => {
    expect(categoryOf('Replies are slow; reduce latency')).toBe('performance');
    expect(categoryOf('Cite the documentation as sources')).toBe('knowledge');
    expect(categoryOf('Use clear formatting')).toBe('user_experience');
    expect(categoryOf('Be more accurate and precise')).toBe('response_quality');
    expect(categoryOf('Say hello')).toBe('general');
  });
});

describe('section 9 thresholds', () => {
  it('are strict: exactly 3000 ms, 0.8 satisfaction and a 0.05 error rate pass', () => {
    const atLimit = Array.from({ length: 20 }, (_, i) =>
      row({ responseTime: 3000, satisfactionScore: i === 0 ? 0.4 : i < 10 ? 0.8 : 0.84 }, i),
    );
    const f = figuresOf(atLimit);
    expect(f.avgResponseTime).toBe(3000);
    expect(f.errorRate).toBe(0.05);
    expect(exceeded(f)).toEqual([]);
    const over = figuresOf([row({ responseTime: 3001, satisfactionScore: 0.2 })]);
    expect(exceeded(over)).toEqual(['responseTime', 'satisfaction', 'errorRate']);
  });

  it('with nothing measured there is nothing to judge', () => {
    const f = figuresOf([row()]);
    expect(f).toMatchObject({
      avgResponseTime: null,
      satisfaction: null,
      errorRate: null,
      learningRate: null,
    });
    expect(exceeded(f)).toEqual([]);
    expect(thresholdCandidates([row()], f)).toEqual([]);
  });

  it('learning rate: 0.15 x 1.2 above 0.9 satisfaction, else x 0.8', () => {
    expect(learningRateFor(0.95)).toBe(0.18);
    expect(learningRateFor(0.9)).toBe(0.12);
    expect(learningRateFor(null)).toBeNull();
  });

  it('a pattern needs more than 5 occurrences; the top 5 words are kept', () => {
    const rows = (word: string, n: number) =>
      Array.from({ length: n }, () => row({ userQuery: `${word} now` }));
    expect(patternWords(rows('docker', 5))).toEqual([]);
    expect(patternWords(rows('docker', 6))).toEqual([{ word: 'docker', frequency: 6 }]);
    const many = ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee', 'ffff'].flatMap((w, i) => rows(w, 6 + i));
    expect(patternWords(many).map((p) => p.word)).toEqual(['ffff', 'eeee', 'dddd', 'cccc', 'bbbb']);
  });
});

describe('improvements and knowledge', () => {
  it('keeps at most 10, High first', () => {
    const c = (description: string, impactScore = 0.1) => ({
      source: 'model' as const,
      improvementType: 't',
      category: 'general' as const,
      description,
      guidance: description,
      domain: null,
      related: [],
      impactScore,
    });
    const picked = pickImprovements([
      ...Array.from({ length: 12 }, (_, i) => c(`low ${i}`)),
      c('this should change', 0.5),
      c('critical problem'),
    ]);
    expect(picked).toHaveLength(10);
    expect(picked.map((p) => p.priority).slice(0, 2)).toEqual(['High', 'Medium']);
  });

  it('makes one improvement of a suggestion repeated for several interactions', () => {
    const c = (description: string, related: string[], impactScore: number) => ({
      source: 'model' as const,
      improvementType: 'model_suggestion',
      category: 'general' as const,
      description,
      guidance: description,
      domain: null,
      related,
      impactScore,
    });
    const picked = pickImprovements([
      c('Give a code example', ['a'], 0.1),
      c('Cite the source', ['b'], 0.1),
      c('give a code example ', ['c', 'a'], 0.3),
    ]);
    expect(picked.map((p) => [p.description, p.related, p.impactScore])).toEqual([
      ['Give a code example', ['a', 'c'], 0.3],
      ['Cite the source', ['b'], 0.1],
    ]);
  });

  it('analyses the 5 worst interactions: lowest rating, then slowest', () => {
    const rows = [0.8, 0.2, null, 0.4, 0.2, 1, 0.6].map((s, i) =>
      row({ satisfactionScore: s, responseTime: i * 100 }, i),
    );
    expect(toAnalyse(rows).map((r) => r.satisfactionScore)).toEqual([0.2, 0.2, 0.4, 0.6, 0.8]);
    expect(toAnalyse(rows)[0]?.responseTime).toBe(400);
  });

  it('a reply over 100 characters with more than 2 keywords becomes knowledge', () => {
    const long =
      'Containers package applications with dependencies; images layer filesystems and share kernels.';
    expect(long.length).toBeLessThanOrEqual(100);
    expect(knowledgeFrom(row({ aiResponse: long }))).toBeNull();
    const longer = `${long} Volumes persist data.`;
    expect(knowledgeFrom(row({ aiResponse: longer }))?.keywords.length).toBeGreaterThan(2);
    expect(knowledgeFrom(row({ aiResponse: longer, wasHelpful: false }))).toBeNull();
    expect(knowledgeFrom(row({ aiResponse: `${'the and for '.repeat(10)}okay yes` }))).toBeNull();
  });
});
