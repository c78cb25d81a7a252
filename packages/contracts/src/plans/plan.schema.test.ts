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
    // Names of Object.prototype members are unknown plans, never its functions.
    ['constructor', 'free'],
    ['__proto__', 'free'],
    ['toString', 'free'],
    ['hasOwnProperty', 'free'],
    ['valueOf', 'free'],
    ['', 'free'],
    [null, 'free'],
  ])('%s -> %s', (input, expected) => {
    expect(resolvePlanId(input)).toBe(expected);
  });
});
