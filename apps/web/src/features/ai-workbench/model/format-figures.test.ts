import { describe, expect, it } from 'vitest';
import { formatCost, formatMs } from './format-figures';

describe('formatCost', () => {
  it('keeps two significant digits of tiny amounts and says when a call was free', () => {
    expect(formatCost(0)).toBe('$0 (free)');
    expect(formatCost(0.000082)).toBe('$0.000082');
    expect(formatCost(0.00000025)).toBe('$0.00000025');
    expect(formatCost(0.0012)).toBe('$0.0012');
    expect(formatCost(0.123456)).toBe('$0.1235');
  });
  it('shows seconds past one second', () => {
    expect(formatMs(250)).toBe('250 ms');
    expect(formatMs(1530)).toBe('1.53 s');
  });
});
