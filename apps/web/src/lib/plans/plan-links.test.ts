import { describe, expect, it } from 'vitest';
import { isPlanSwitch, switchPlanLink } from './plan-links';

describe('switchPlanLink', () => {
  it('opens the subscribe page for the plan, as a switch', () => {
    expect(switchPlanLink('pro')).toBe('/subscribe?plan=pro&switch=true');
    const url = new URL(switchPlanLink('enterprise'), 'http://x');
    expect(url.pathname).toBe('/subscribe');
    expect(url.searchParams.get('plan')).toBe('enterprise');
    expect(isPlanSwitch(url.searchParams)).toBe(true);
    expect(isPlanSwitch(new URLSearchParams('plan=pro'))).toBe(false);
  });
});
