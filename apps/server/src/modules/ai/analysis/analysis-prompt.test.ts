import { describe, expect, it } from 'vitest';
import { ANALYSIS_LIMITS, AnalysisReplyError, analysisPrompt, parseAnalysisReply } from './analysis-prompt';

const good = {
  summary: 'Monthly expenses for March, grouped by category.',
  category: 'Finance',
  tags: ['Expenses', 'budget', 'expenses', 42, ''],
  insights: [
    {
      type: 'data',
      title: 'Travel doubled',
      description: 'Travel costs doubled since February.',
      priority: 'High',
    },
    { type: 'content', title: 'No totals', description: 'The sheet has no total row.', priority: 'urgent' },
    { title: '', description: '', priority: 'low' },
    'not an insight',
  ],
  recommendations: ['Add a total row.', '  ', 7, 'Review travel bookings.'],
  confidence: 0.82,
};

describe('analysisPrompt', () => {
  it('asks for the JSON shape and carries the file text', () => {
    const p = analysisPrompt({ name: 'march.csv', kind: 'csv', truncated: true }, 'date,amount');
    for (const key of [
      '"summary"',
      '"category"',
      '"tags"',
      '"insights"',
      '"recommendations"',
      '"confidence"',
    ])
      expect(p).toContain(key);
    expect(p).toContain('"priority": "high | medium | low"');
    expect(p).toContain('File name: march.csv');
    expect(p).toContain('Only the beginning of the file is shown.');
    expect(p).toContain('date,amount');
  });
});

describe('parseAnalysisReply', () => {
  it('reads bare JSON, cleaning every field', () => {
    const a = parseAnalysisReply(JSON.stringify(good));
    expect(a).toEqual({
      summary: good.summary,
      category: 'finance',
      tags: ['expenses', 'budget'],
      insights: [
        {
          type: 'data',
          title: 'Travel doubled',
          description: 'Travel costs doubled since February.',
          priority: 'high',
        },
      ],
      recommendations: ['Add a total row.', 'Review travel bookings.'],
      confidence: 0.82,
    });
  });

  it('finds the JSON inside a ```json fence or inside prose', () => {
    const fenced = `Here is the analysis:\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\`\nHope it helps!`;
    expect(parseAnalysisReply(fenced).summary).toBe(good.summary);
    const prose = `Sure! {"note": "ignore"} The result: ${JSON.stringify(good)} -- done {x}`;
    expect(parseAnalysisReply(prose).summary).toBe(good.summary);
    const braces = JSON.stringify({ ...good, summary: 'A file about {curly} braces and "quotes" }' });
    expect(parseAnalysisReply(`Result: ${braces}`).summary).toBe(
      'A file about {curly} braces and "quotes" }',
    );
  });

  it('clamps confidence to 0..1 and reads percentages', () => {
    expect(parseAnalysisReply(JSON.stringify({ ...good, confidence: 85 })).confidence).toBe(0.85);
    expect(parseAnalysisReply(JSON.stringify({ ...good, confidence: '90%' })).confidence).toBe(0.9);
    expect(parseAnalysisReply(JSON.stringify({ ...good, confidence: 250 })).confidence).toBe(1);
    expect(parseAnalysisReply(JSON.stringify({ ...good, confidence: -3 })).confidence).toBe(0);
  });

  it('caps list lengths and text sizes', () => {
    const many = {
      ...good,
      summary: 'x'.repeat(5000),
      tags: Array.from({ length: 30 }, (_, i) => `tag${i}`),
      insights: Array.from({ length: 9 }, (_, i) => ({
        type: 'content',
        title: `Insight ${i}`,
        description: 'd',
        priority: 'low',
      })),
      recommendations: Array.from({ length: 12 }, (_, i) => `Do thing ${i}`),
    };
    const a = parseAnalysisReply(JSON.stringify(many));
    expect(a.summary.length).toBe(ANALYSIS_LIMITS.summary);
    expect(a.tags).toHaveLength(ANALYSIS_LIMITS.tags);
    expect(a.insights).toHaveLength(ANALYSIS_LIMITS.insights);
    expect(a.recommendations).toHaveLength(ANALYSIS_LIMITS.recommendations);
  });

  it('defaults a missing category and tolerates missing lists', () => {
    const a = parseAnalysisReply(JSON.stringify({ summary: 'Short note.', confidence: 0.5 }));
    expect(a).toEqual({
      summary: 'Short note.',
      category: 'other',
      tags: [],
      insights: [],
      recommendations: [],
      confidence: 0.5,
    });
  });

  it('refuses replies it cannot use, saying why', () => {
    expect(() => parseAnalysisReply('I think this file is about money.')).toThrow(
      new AnalysisReplyError('The model did not answer with JSON'),
    );
    expect(() => parseAnalysisReply('{"summary": "cut off')).toThrow(AnalysisReplyError);
    expect(() => parseAnalysisReply(JSON.stringify({ ...good, summary: '' }))).toThrow(
      "The model's analysis has no summary",
    );
    expect(() => parseAnalysisReply(JSON.stringify({ ...good, confidence: 'sure' }))).toThrow(
      "The model's analysis is incomplete (confidence)",
    );
    expect(() => parseAnalysisReply('[1, 2, 3]')).toThrow(AnalysisReplyError);
  });
});
