import type { Plan } from '@stratos/contracts/plans/plan.schema';

const GB = 1024 ** 3;

/** Cents to a price: 1999 -> "$19.99", 0 -> "$0", 5000 -> "$50". */
export function formatPlanPrice(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** Bytes to whole gigabytes (base 1024, as the catalogue stores them); null is unlimited. */
export function formatPlanStorage(bytes: number | null): string {
  if (bytes === null) return 'Unlimited storage';
  const gb = bytes / GB;
  const shown =
    gb >= 1024 && Number.isInteger(gb / 1024) ? `${gb / 1024} TB` : `${+gb.toFixed(gb < 10 ? 1 : 0)} GB`;
  return `${shown} storage`;
}

export function formatPlanQueries(perMonth: number | null): string {
  if (perMonth === null) return 'Unlimited AI queries';
  return `${perMonth.toLocaleString('en-US')} AI queries per month`;
}

/**
 * The card's lines: storage and AI queries first, then the remaining features. A feature that
 * repeats one of the first two lines word for word is not shown twice.
 */
export function planHighlights(plan: Plan): { limits: string[]; features: string[] } {
  const limits = [formatPlanStorage(plan.storageBytes), formatPlanQueries(plan.aiQueriesPerMonth)];
  const seen = new Set(limits.map((l) => l.toLowerCase()));
  return { limits, features: plan.features.filter((f) => !seen.has(f.trim().toLowerCase())) };
}
