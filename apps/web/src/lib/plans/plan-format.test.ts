import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { describe, expect, it } from 'vitest';
import { formatPlanPrice, formatPlanQueries, formatPlanStorage, planHighlights } from './plan-format';

const GB = 1024 ** 3;

describe('plan formatting', () => {
  it('shows cents as dollars per month', () => {
    expect(formatPlanPrice(0)).toBe('$0');
    expect(formatPlanPrice(999)).toBe('$9.99');
    expect(formatPlanPrice(1999)).toBe('$19.99');
    expect(formatPlanPrice(5000)).toBe('$50');
  });

  it('shows storage in GB and null as unlimited', () => {
    expect(formatPlanStorage(5 * GB)).toBe('5 GB storage');
    expect(formatPlanStorage(100 * GB)).toBe('100 GB storage');
    expect(formatPlanStorage(1024 * GB)).toBe('1 TB storage');
    expect(formatPlanStorage(null)).toBe('Unlimited storage');
  });

  it('shows AI queries with separators and null as unlimited', () => {
    expect(formatPlanQueries(10000)).toBe('10,000 AI queries per month');
    expect(formatPlanQueries(null)).toBe('Unlimited AI queries');
  });

  it('does not repeat a limit that the feature list also names', () => {
    const plan: Plan = {
      id: 'pro',
      name: 'Pro',
      price: 1999,
      storageBytes: 100 * GB,
      aiQueriesPerMonth: 10000,
      features: ['100 GB storage', '10,000 AI queries per month', 'Priority support'],
      popular: true,
    };
    expect(planHighlights(plan)).toEqual({
      limits: ['100 GB storage', '10,000 AI queries per month'],
      features: ['Priority support'],
    });
  });
});
