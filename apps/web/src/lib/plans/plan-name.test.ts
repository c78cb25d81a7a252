import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { describe, expect, it } from 'vitest';
import { planName } from './plan-name';

const plan = (id: string, name: string): Plan => ({
  id,
  name,
  price: 0,
  storageBytes: null,
  aiQueriesPerMonth: null,
  features: [],
  popular: false,
});

describe('planName', () => {
  it('uses the catalogue’s name', () => {
    expect(planName([plan('pro', 'Pro'), plan('basic', 'Basic Plus')], 'basic')).toBe('Basic Plus');
  });

  it('names prepaid accounts and falls back to the id before the catalogue loads', () => {
    expect(planName([], 'prepaid')).toBe('Prepaid Credits');
    expect(planName(undefined, 'pro')).toBe('Pro');
    expect(planName(undefined, '')).toBe('Free');
  });
});
