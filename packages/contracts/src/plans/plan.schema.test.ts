import { describe, expect, it } from 'vitest';
import { resolvePlanId } from './plan.schema';

describe('resolvePlanId', () => {
  it.each([
    ['pro', 'pro'],
    ['Professional', 'pro'],
    ['expert', 'pro'],
    ['starter', 'basic'],
    ['personal', 'basic'],
    ['business', 'enterprise'],
    ['ENTERPRISE', 'enterprise'],
    ['mystery', 'free'],
    ['', 'free'],
    [null, 'free'],
  ])('%s -> %s', (input, expected) => {
    expect(resolvePlanId(input)).toBe(expected);
  });
});
