import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';

/**
 * The plan of /subscribe?plan=…, resolved through the catalogue's aliases (professional -> pro);
 * without a plan, the specification's default, Professional, which is Pro (part 1 section 2,
 * DECISIONS.md 2). The page names it by the catalogue's name, never by the alias typed in the link.
 */
export function subscribePlanId(query: string | null): string {
  const raw = query?.trim();
  return raw ? resolvePlanId(raw) : 'pro';
}

/** Part 1 section 9: the subscription signup page moves on 3 s after the welcome message. */
export const SUBSCRIBE_REDIRECT_SECONDS = 3;
/** Part 1 section 9: the success page counts 10 s down to the dashboard. */
export const SUCCESS_COUNTDOWN_SECONDS = 10;
