import { describe, expect, it } from 'vitest';
import { activeFilters, EMPTY_FORM, toFilter } from './training-filter';

describe('toFilter', () => {
  it('leaves out empty fields', () => {
    expect(toFilter(EMPTY_FORM)).toEqual({});
    expect(activeFilters(EMPTY_FORM)).toBe(0);
  });

  it('reads every field and swaps a reversed range', () => {
    const f = toFilter({
      from: '2026-03-05',
      to: '2026-03-01',
      minRating: '4',
      model: 'gpt-4',
      domain: 'storage',
      helpful: 'unrated',
      review: 'included',
      search: '  quota ',
    });
    expect(f).toEqual({
      from: '2026-03-01',
      to: '2026-03-05',
      minRating: 4,
      model: 'gpt-4',
      domain: 'storage',
      helpful: 'unrated',
      review: 'included',
      search: 'quota',
    });
  });

  it('ignores values the contract does not know', () => {
    expect(toFilter({ ...EMPTY_FORM, helpful: 'maybe', review: 'later' })).toEqual({});
  });
});
