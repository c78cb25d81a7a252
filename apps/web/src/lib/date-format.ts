/** Date and time formatting shared by the pages: absolute in the user's locale, relative in words. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "just now", "5 minutes ago", "in 2 days", "3 months ago". */
export function formatRelative(
  value: string | number | Date,
  now: number = Date.now(),
  locale?: string,
): string {
  const d = toDate(value);
  if (!d) return '—';
  const seconds = Math.round((d.getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(Math.round(seconds / 60) || (seconds < 0 ? -1 : 1), 'minute');
}

/** "Mar 4, 2025, 14:05" in the given (or the browser's) locale. */
export function formatDateTime(value: string | number | Date, locale?: string): string {
  const d = toDate(value);
  if (!d) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** "March 4, 2025". */
export function formatLongDate(value: string | number | Date, locale?: string): string {
  const d = toDate(value);
  if (!d) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(d);
}

/**
 * A file manager's date column: the time for today ("14:05"), the day and month this year
 * ("Mar 4"), the full short date otherwise ("Mar 4, 2023").
 */
export function formatCompactDate(value: string | number | Date, now: number = Date.now(), locale?: string) {
  const d = toDate(value);
  if (!d) return '—';
  const today = new Date(now);
  if (
    d.getFullYear() === today.getFullYear() &&
    d.getMonth() === today.getMonth() &&
    d.getDate() === today.getDate()
  )
    return formatter(locale, 'time', { timeStyle: 'short' }).format(d);
  if (d.getFullYear() === today.getFullYear())
    return formatter(locale, 'day', { month: 'short', day: 'numeric' }).format(d);
  return formatter(locale, 'date', { dateStyle: 'medium' }).format(d);
}

/** Intl formatters are slow to build: long lists format thousands of dates, so each is made once. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, kind: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}
