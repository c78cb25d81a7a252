import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../seeding/vocabulary';
import { contentHashOf, domainWords, itemsOf, relevanceOf, segmentsOf, titleOf } from './extraction-items';

const js = DOMAINS.find((d) => d.domain === 'javascript');
if (!js) throw new Error('javascript domain');

describe('extraction items (part 2 section 5)', () => {
  it('cuts a reply into paragraphs, and a list into its items', () => {
    expect(segmentsOf('First paragraph\ncontinues here.\n\n## Second\n\n- a\n- b\n  more')).toEqual([
      'First paragraph continues here.',
      'Second',
      'a',
      'b more',
    ]);
  });

  it('scores 0.1 per domain-word hit, capped at 1', () => {
    const words = domainWords(js);
    expect(relevanceOf('A callback in JavaScript.', words)).toBeCloseTo(0.2, 5);
    expect(relevanceOf('Nothing related at all.', words)).toBe(0);
    expect(relevanceOf('callback '.repeat(20), words)).toBe(1);
  });

  it('drops segments under 50 characters and keeps the rest with keywords and difficulty', () => {
    const long = 'Closures keep the variables of their scope chain alive after the outer function returns.';
    const { items, dropped } = itemsOf(
      `${long}\n\nToo short.\n\n${'x'.repeat(49)}`,
      js,
      'concepts',
      'llama3.2',
    );
    expect(dropped).toBe(2);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      domain: 'javascript',
      type: 'concept',
      title: long,
      content: long,
      source: 'extraction',
      modelUsed: 'llama3.2',
      difficultyLevel: 'beginner',
    });
    expect(items[0]?.keywords).toContain('closures');
    expect(items[0]?.keywords.every((k) => k.replace(/[^a-z]/g, '').length >= 4)).toBe(true);
  });

  it('the same content is the same item, whatever its spacing or case, within its domain', () => {
    expect(contentHashOf('go', 'Goroutines  are cheap')).toBe(contentHashOf('go', 'goroutines are cheap'));
    expect(contentHashOf('go', 'a')).not.toBe(contentHashOf('rust', 'a'));
  });

  it('titles are the first sentence, cut at a word', () => {
    expect(titleOf('One. Two.')).toBe('One.');
    const t = titleOf(`${'word '.repeat(40)}end.`);
    expect(t.length).toBeLessThanOrEqual(120);
    expect(t.endsWith('...')).toBe(true);
  });
});
