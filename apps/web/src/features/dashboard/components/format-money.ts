/** "$1.23", "<$0.01" for a sliver, "$0.00" for nothing. */
export function formatDollars(dollars: number): string {
  const v = Number.isFinite(dollars) && dollars > 0 ? dollars : 0;
  if (v > 0 && v < 0.01) return '<$0.01';
  return `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "$1.23/month": the dedup savings of the Cost Savings card. */
export function formatMonthlyDollars(dollars: number): string {
  return `${formatDollars(dollars)}/month`;
}

/** Share of a quota used, 0-100 (0 without a quota). */
export function usedPercent(used: number, quota: number | null): number {
  if (!quota || quota <= 0) return 0;
  return Math.min(100, (used / quota) * 100);
}

/** Part 1 section 9: storage usage warns at 80 % and is critical at 95 %. */
export function usageLevel(percent: number): 'normal' | 'warning' | 'critical' {
  if (percent >= 95) return 'critical';
  if (percent >= 80) return 'warning';
  return 'normal';
}
