import { describe, expect, it } from 'vitest';
import { formatMs, formatRate, formatUsd, lastDays, presetOf } from './ai-range';

describe('AI range and figures', () => {
  const now = Date.parse('2026-03-10T15:00:00Z');
  it('gives the last n UTC days, today included, and recognises them', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetOf({ from: '2026-02-09', to: '2026-03-10' }, now)).toBe(30);
    expect(presetOf({ from: '2026-03-01', to: '2026-03-10' }, now)).toBeNull();
  });
  it('formats money, times and rates', () => {
    expect(formatUsd(0.00123)).toBe('$0.0012');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatMs(null)).toBe('—');
    expect(formatMs(240.4)).toBe('240 ms');
    expect(formatMs(1530)).toBe('1.53 s');
    expect(formatRate(0.0833)).toBe('8.3%');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(null)).toBe('—');
  });
});
