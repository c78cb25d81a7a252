import { describe, expect, it } from 'vitest';
import { formatCard, formatCents, formatCredits, formatUsd } from './format-money';

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

  it('names the card brand', () => {
    expect(formatCard({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(formatCard({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(formatCard({ brand: 'elo', last4: '1111' })).toBe('Elo ending in 1111');
  });
});
