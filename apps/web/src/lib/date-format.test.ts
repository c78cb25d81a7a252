import { describe, expect, it } from 'vitest';
import { formatCompactDate, formatDateTime, formatLongDate, formatRelative } from './date-format';

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

describe('formatCompactDate', () => {
  it('shows the time today, the day this year and the full date before', () => {
    const at = new Date(2025, 2, 10, 15, 0).getTime();
    expect(formatCompactDate(new Date(2025, 2, 10, 9, 5), at, 'en-US')).toMatch(/^9:05/);
    expect(formatCompactDate(new Date(2025, 0, 4, 9, 5), at, 'en-US')).toBe('Jan 4');
    expect(formatCompactDate(new Date(2023, 0, 4, 9, 5), at, 'en-US')).toBe('Jan 4, 2023');
    expect(formatCompactDate('bad', at, 'en-US')).toBe('—');
  });
});
