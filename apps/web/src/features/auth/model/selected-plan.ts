import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';

export const SELECTED_PLAN_KEY = 'selectedPlan';

/** A stored plan is an id or alias, or (as other pages may keep it) a JSON object naming one. */
export function parseStoredPlan(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const text = raw.trim();
  if (text.startsWith('{') || text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed.trim() || null;
      if (parsed && typeof parsed === 'object') {
        const o = parsed as Record<string, unknown>;
        const name = [o.id, o.planId, o.name].find(
          (v): v is string => typeof v === 'string' && v.trim() !== '',
        );
        return name ?? null;
      }
    } catch {
      return null;
    }
    return null;
  }
  return text;
}

/**
 * The plan registration uses (part 1 section 2): a plan kept in session storage wins over the
 * `plan` query parameter; a query plan is kept for next time. Aliases resolve to catalogue ids.
 */
export function choosePlan(
  stored: string | null | undefined,
  query: string | null | undefined,
): { planId: string | null; toStore: string | null } {
  const fromStorage = parseStoredPlan(stored);
  if (fromStorage) return { planId: resolvePlanId(fromStorage), toStore: null };
  if (query?.trim()) {
    const planId = resolvePlanId(query);
    return { planId, toStore: planId };
  }
  return { planId: null, toStore: null };
}

/** Reads (and, for a query plan, writes) the session-stored plan. */
export function selectedPlanFromSession(query: string | null): string | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(SELECTED_PLAN_KEY);
  } catch {
    // Storage blocked: the query alone decides.
  }
  const { planId, toStore } = choosePlan(stored, query);
  if (toStore) {
    try {
      sessionStorage.setItem(SELECTED_PLAN_KEY, toStore);
    } catch {
      // Not fatal: the plan still travels in the URL.
    }
  }
  return planId;
}
