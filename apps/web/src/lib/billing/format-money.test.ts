import { describe, expect, it } from 'vitest';
import { formatCard, formatCents, formatCredits, formatUsd, formatUsdTick } from './format-money';

describe('money formatting', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(500)).toBe('$5.00');
  });

  it('shows a sliver of a dollar or a credit as less than a cent', () => {
    expect(formatUsd(0.004)).toBe('<$0.01');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatCredits(0.001)).toBe('<0.01');
    expect(formatCredits(20)).toBe('20.00');
    expect(formatCredits(1234.5)).toBe('1,234.50');
  });

  it('writes chart ticks precisely enough to tell them apart, at any scale', () => {
    const ticks = (max: number, values: number[]) => values.map((v) => formatUsdTick(v, max));
    expect(ticks(0.0003, [0, 0.0001, 0.0002, 0.0003])).toEqual(['$0', '$0.0001', '$0.0002', '$0.0003']);
    expect(ticks(0.0004, [0.00015, 0.0003])).toEqual(['$0.00015', '$0.0003']);
    expect(ticks(0.06, [0.015, 0.03, 0.045, 0.06])).toEqual(['$0.015', '$0.03', '$0.045', '$0.06']);
    expect(ticks(0.8, [0.2, 0.4])).toEqual(['$0.2', '$0.4']);
    expect(ticks(6, [0, 1.5, 3, 4.5, 6])).toEqual(['$0', '$1.50', '$3', '$4.50', '$6']);
    expect(ticks(2000, [1500])).toEqual(['$1,500']);
    // Distinct ticks never read the same.
    const small = ticks(0.00012, [0.00003, 0.00006, 0.00009, 0.00012]);
    expect(new Set(small).size).toBe(4);
  });

  it('names the card brand', () => {
    expect(formatCard({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(formatCard({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(formatCard({ brand: 'elo', last4: '1111' })).toBe('Elo ending in 1111');
  });
});
