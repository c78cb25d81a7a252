import { ALERT_THRESHOLDS } from '@stratos/contracts/billing/alerts.schema';

/** Whole days the balance lasts at a daily cost; null when nothing is charged. */
export function daysOfCredit(balance: number, dailyCost: number): number | null {
  if (!(dailyCost > 0)) return null;
  return Math.max(0, Math.floor(balance / dailyCost));
}

/** Beyond this many days a runway is shown as "Over a year": a count would be noise. */
export const RUNWAY_SHOWN_UP_TO_DAYS = 365;

/**
 * The runway in words: "Over a year" past a year (never "68,259 days"), "Less than a day" when
 * the balance will not cover today, else the days; null when nothing is being spent.
 */
export function formatRunway(days: number | null): string | null {
  if (days === null) return null;
  if (days > RUNWAY_SHOWN_UP_TO_DAYS) return 'Over a year';
  if (days < 1) return 'Less than a day';
  return `${days.toLocaleString('en-US')} day${days === 1 ? '' : 's'}`;
}

/** How worried the balance should look (part 1 section 9: below 5 warning, below 1 critical). */
export function balanceTone(balance: number, unlimited: boolean): 'normal' | 'warning' | 'critical' {
  if (unlimited) return 'normal';
  if (balance < ALERT_THRESHOLDS.balanceCriticalBelow) return 'critical';
  if (balance < ALERT_THRESHOLDS.balanceWarningBelow) return 'warning';
  return 'normal';
}

/** How worried the runway should look (7 days or fewer warning, 3 or fewer critical). */
export function runwayTone(days: number | null): 'normal' | 'warning' | 'critical' {
  if (days === null) return 'normal';
  if (days <= ALERT_THRESHOLDS.daysCriticalAtMost) return 'critical';
  if (days <= ALERT_THRESHOLDS.daysWarningAtMost) return 'warning';
  return 'normal';
}
