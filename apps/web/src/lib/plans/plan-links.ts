/**
 * Where "Switch to {plan}" goes for someone who already pays for a subscription: straight to the
 * payment step for that plan (the subscribe page, past its 'Active Subscription' card).
 */
export function switchPlanLink(planId: string): string {
  return `/subscribe?${new URLSearchParams({ plan: planId, switch: 'true' })}`;
}

/** True when the subscribe page was opened to change plan (see switchPlanLink). */
export function isPlanSwitch(params: URLSearchParams): boolean {
  return params.get('switch') === 'true';
}
