import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatRelative } from './date-format';

const now = Date.parse('2025-03-10T12:00:00Z');

describe('formatRelative', () => {
  it.each([
    ['2025-03-10T11:59:30Z', 'just now'],
    ['2025-03-10T11:55:00Z', '5 minutes ago'],
    ['2025-03-10T09:00:00Z', '3 hours ago'],
    ['2025-03-09T12:00:00Z', 'yesterday'],
    ['2025-02-24T12:00:00Z', '2 weeks ago'],
    ['2024-03-10T12:00:00Z', 'last year'],
    ['2025-03-12T12:00:00Z', 'in 2 days'],
  ])('%s -> %s', (input, expected) => {
    expect(formatRelative(input, now, 'en')).toBe(expected);
  });

  it('shows a dash for an unreadable date', () => {
    expect(formatRelative('not a date', now, 'en')).toBe('—');
    expect(formatDateTime('nope', 'en')).toBe('—');
  });
});

describe('absolute formats', () => {
  it('formats in the given locale', () => {
    expect(formatLongDate('2025-03-04T12:00:00Z', 'en-US')).toBe('March 4, 2025');
    expect(formatDateTime('2025-03-04T12:00:00Z', 'en-US')).toMatch(/^Mar 4, 2025/);
  });
});
