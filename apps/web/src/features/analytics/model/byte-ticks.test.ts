import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../lib/format-bytes';
import { byteTicks } from './byte-ticks';

const labels = (max: number) => byteTicks(max).map((t) => formatBytes(t));
const MB = 1024 * 1024;

describe('byteTicks', () => {
  it('steps in round binary units', () => {
    expect(labels(3.8 * MB)).toEqual(['0 B', '1 MB', '2 MB', '3 MB', '4 MB']);
    expect(labels(63.8 * MB)).toEqual(['0 B', '20 MB', '40 MB', '60 MB', '80 MB']);
    expect(labels(700 * 1024)).toEqual(['0 B', '200 KB', '400 KB', '600 KB', '800 KB']);
    expect(labels(1.5 * 1024 * MB)).toEqual(['0 B', '512 MB', '1 GB', '1.5 GB']);
  });

  it('reaches at least the largest value', () => {
    for (const max of [1, 999, 1024, 5_000_000, 3 * 1024 ** 3, 7.7 * 1024 ** 4]) {
      const ticks = byteTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('gives an axis for an empty chart', () => {
    expect(byteTicks(0)).toEqual([0, 1024]);
  });
});
