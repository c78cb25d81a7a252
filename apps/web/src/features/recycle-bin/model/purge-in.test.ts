import { describe, expect, it } from 'vitest';
import { purgeIn } from './purge-in';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('purgeIn', () => {
  it('counts whole days until the purge', () => {
    expect(purgeIn('2026-12-22T12:00:00Z', now)).toBe('in 30 days');
    expect(purgeIn('2026-11-23T11:00:00Z', now)).toBe('tomorrow');
    expect(purgeIn('2026-11-22T11:00:00Z', now)).toBe('today');
    expect(purgeIn('not a date', now)).toBe('—');
  });
});
