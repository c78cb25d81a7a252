import { describe, expect, it } from 'vitest';
import { formatPercent, typeSlices } from './type-slices';

const types = {
  image: { count: 3, size: 300 },
  document: { count: 1, size: 700 },
  video: { count: 0, size: 0 },
  spreadsheet: { count: 1, size: 0 },
};

describe('typeSlices', () => {
  it('sizes slices by count, largest first, dropping empty ones and folding unknown keys into Other', () => {
    const slices = typeSlices(types, 'count');
    expect(slices.map((s) => [s.name, s.value])).toEqual([
      ['Images', 3],
      ['Documents', 1],
      ['Other', 1],
    ]);
    expect(slices[0]?.percent).toBeCloseTo(60);
  });

  it('sizes slices by bytes', () => {
    const slices = typeSlices(types, 'size');
    expect(slices.map((s) => s.category)).toEqual(['document', 'image']);
    expect(slices[0]?.percent).toBeCloseTo(70);
  });

  it('formats shares', () => {
    expect(formatPercent(0.4)).toBe('<1%');
    expect(formatPercent(33.33)).toBe('33%');
    expect(formatPercent(0)).toBe('0%');
  });
});
