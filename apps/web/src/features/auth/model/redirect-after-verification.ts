/** What registration knows about the chosen plan when it decides where verification leads. */
export interface RedirectInput {
  /** Catalogue id of the chosen plan, or null when none was chosen. */
  planId: string | null;
  /** The plan's catalogue entry when the catalogue has loaded. */
  plan?: { name: string; price: number } | null;
  /** The `redirect` query parameter of /register. */
  redirect?: string | null;
}

/**
 * Where a newly verified user lands after signing in (part 1 section 4): paid plan with
 * redirect=subscribe -> /subscribe?plan={lowercase plan name}; enterprise -> the contact page;
 * otherwise onboarding with the plan (or free).
 */
export function redirectAfterVerification({ planId, plan, redirect }: RedirectInput): string {
  if (plan && plan.price > 0 && redirect === 'subscribe') {
    return `/subscribe?plan=${encodeURIComponent(plan.name.toLowerCase())}`;
  }
  if (planId === 'enterprise') return '/contact?plan=enterprise&registered=true';
  return `/onboarding?plan=${encodeURIComponent(planId || 'free')}`;
}
