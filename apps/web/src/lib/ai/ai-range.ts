/** The date range of the AI analytics and performance pages: UTC days, both ends included. */
export interface AiRange {
  from: string;
  to: string;
}

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last `days` days, today (UTC) included. */
export function lastDays(days: number, now = Date.now()): AiRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** Which preset a range is, if any (for the switch above the charts). */
export function presetOf(r: AiRange, now = Date.now()): RangePreset | null {
  return (
    RANGE_PRESETS.find((d) => {
      const p = lastDays(d, now);
      return p.from === r.from && p.to === r.to;
    }) ?? null
  );
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });
const usdShort = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});

/** Dollars: small sums keep four decimals (a cheap model's calls cost fractions of a cent). */
export function formatUsd(n: number): string {
  return n !== 0 && Math.abs(n) < 1 ? usd.format(n) : usdShort.format(n);
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const formatCount = (n: number) =>
  Math.abs(n) >= 10_000 ? compact.format(n) : n.toLocaleString('en-US');

export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 2)} s` : `${Math.round(ms)} ms`;
}

export function formatRate(r: number | null): string {
  if (r === null) return '—';
  return `${(r * 100).toFixed(r < 0.1 && r > 0 ? 1 : 0)}%`;
}

const shortDay = new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const formatDay = (d: string) => shortDay.format(new Date(`${d}T00:00:00Z`));
