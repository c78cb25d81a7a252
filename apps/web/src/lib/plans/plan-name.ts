import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { usePlansQuery } from './plans-query';

/** The catalogue's hidden row of prepaid accounts (not sold, so not in GET /api/payments/plans). */
const PREPAID_NAME = 'Prepaid Credits';

/**
 * A plan's one name, as the catalogue (GET /api/payments/plans) gives it: "pro" -> "Pro". Every
 * page names a plan through this, never by an alias or a hand-written label. Before the catalogue
 * arrives (or for an id it does not list) the id, capitalised.
 */
export function planName(plans: readonly Plan[] | undefined, planId: string): string {
  const found = plans?.find((p) => p.id === planId);
  if (found) return found.name;
  if (planId === 'prepaid') return PREPAID_NAME;
  const id = planId.trim() || 'free';
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** planName with the catalogue loaded here (it is cached: every page shares one request). */
export function usePlanName(planId: string | undefined): string | undefined {
  const plans = usePlansQuery(planId !== undefined);
  return planId === undefined ? undefined : planName(plans.data, planId);
}
