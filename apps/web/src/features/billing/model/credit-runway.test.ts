import { describe, expect, it } from 'vitest';
import { balanceTone, daysOfCredit, formatRunway, runwayTone } from './credit-runway';

describe('credit runway', () => {
  it('counts whole days of credit at the daily cost', () => {
    expect(daysOfCredit(20, 0.5)).toBe(40);
    expect(daysOfCredit(1, 0.3)).toBe(3);
    expect(daysOfCredit(0, 0.3)).toBe(0);
    expect(daysOfCredit(20, 0)).toBeNull();
  });

  it('says a runway in words a person can use: never a count of tens of thousands of days', () => {
    expect(formatRunway(daysOfCredit(20, 0.000293))).toBe('Over a year');
    expect(formatRunway(366)).toBe('Over a year');
    expect(formatRunway(365)).toBe('365 days');
    expect(formatRunway(1)).toBe('1 day');
    expect(formatRunway(0)).toBe('Less than a day');
    expect(formatRunway(null)).toBeNull();
  });

  it('colours the balance at the spec thresholds', () => {
    expect(balanceTone(5, false)).toBe('normal');
    expect(balanceTone(4.99, false)).toBe('warning');
    expect(balanceTone(0.99, false)).toBe('critical');
    expect(balanceTone(0, true)).toBe('normal');
  });

  it('colours the runway at 7 and 3 days', () => {
    expect(runwayTone(8)).toBe('normal');
    expect(runwayTone(7)).toBe('warning');
    expect(runwayTone(3)).toBe('critical');
    expect(runwayTone(null)).toBe('normal');
  });
});
