import type { Plan } from '@stratos/contracts/plans/plan.schema';

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNullOr = (v: unknown, check: (x: unknown) => boolean) => v === null || check(v);

function toPlan(value: unknown): Plan | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  const ok =
    typeof p.id === 'string' &&
    typeof p.name === 'string' &&
    Number.isSafeInteger(p.price) &&
    isNullOr(p.storageBytes, isFiniteNumber) &&
    isNullOr(p.aiQueriesPerMonth, Number.isSafeInteger) &&
    Array.isArray(p.features) &&
    p.features.every((f) => typeof f === 'string') &&
    typeof p.popular === 'boolean';
  if (!ok) return null;
  const { id, name, price, storageBytes, aiQueriesPerMonth, features, popular } = p as unknown as Plan;
  return { id, name, price, storageBytes, aiQueriesPerMonth, features, popular };
}

/**
 * The plans of a `plansReplySchema` reply, or null when the reply does not have that shape.
 * Checked by hand rather than with the schema: the home page shows the plans, and zod would add
 * about 25 KB gzip to its first load (plans-reply.test.ts holds the two to the same answers).
 */
export function plansFromReply(json: unknown): Plan[] | null {
  if (typeof json !== 'object' || json === null) return null;
  const { success, plans } = json as { success?: unknown; plans?: unknown };
  if (success !== true || !Array.isArray(plans)) return null;
  const parsed = plans.map(toPlan);
  return parsed.every((p): p is Plan => p !== null) ? parsed : null;
}
