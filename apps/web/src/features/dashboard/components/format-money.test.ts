import { describe, expect, it } from 'vitest';
import { formatMonthlyDollars, usageLevel, usedPercent } from './format-money';

describe('dashboard figures', () => {
  it('formats monthly savings in dollars', () => {
    expect(formatMonthlyDollars(0)).toBe('$0.00/month');
    expect(formatMonthlyDollars(0.004)).toBe('<$0.01/month');
    expect(formatMonthlyDollars(1234.5)).toBe('$1,234.50/month');
    expect(formatMonthlyDollars(Number.NaN)).toBe('$0.00/month');
  });

  it('computes the share of the quota and its alert level', () => {
    expect(usedPercent(50, 200)).toBe(25);
    expect(usedPercent(500, 200)).toBe(100);
    expect(usedPercent(5, null)).toBe(0);
    expect(usageLevel(79.9)).toBe('normal');
    expect(usageLevel(80)).toBe('warning');
    expect(usageLevel(95)).toBe('critical');
  });
});
