import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';

/** "professional" -> "Professional": the subscribe page names the plan as the link did. */
export const capitalise = (s: string) => (s ? `${s.charAt(0).toUpperCase()}${s.slice(1)}` : s);

/**
 * The plan of /subscribe?plan=…: shown with its first letter capitalised, resolved through the
 * catalogue's aliases; without a plan, Professional -> pro (part 1 section 2, DECISIONS.md 2).
 */
export function subscribePlan(query: string | null): { displayName: string; planId: string } {
  const raw = query?.trim();
  if (!raw) return { displayName: 'Professional', planId: 'pro' };
  return { displayName: capitalise(raw), planId: resolvePlanId(raw) };
}

/** Part 1 section 9: the subscription signup page moves on 3 s after the welcome message. */
export const SUBSCRIBE_REDIRECT_SECONDS = 3;
/** Part 1 section 9: the success page counts 10 s down to the dashboard. */
export const SUCCESS_COUNTDOWN_SECONDS = 10;
