import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  completedPath,
  EMPTY_ANSWERS,
  progressPercent,
  showsPrevious,
  skippedPath,
} from './onboarding-steps';

describe('onboarding steps', () => {
  it('disables Next on step 2 until both a use case and a team size are chosen', () => {
    expect(canGoNext(2, EMPTY_ANSWERS)).toBe(false);
    expect(canGoNext(2, { ...EMPTY_ANSWERS, primaryUseCase: 'business' })).toBe(false);
    expect(canGoNext(2, { ...EMPTY_ANSWERS, teamSize: 'small' })).toBe(false);
    expect(canGoNext(2, { ...EMPTY_ANSWERS, primaryUseCase: 'business', teamSize: 'small' })).toBe(true);
  });

  it('lets the other steps move on without answers, and not past the last', () => {
    expect(canGoNext(1, EMPTY_ANSWERS)).toBe(true);
    expect(canGoNext(3, EMPTY_ANSWERS)).toBe(true);
    expect(canGoNext(4, EMPTY_ANSWERS)).toBe(true);
    expect(canGoNext(5, EMPTY_ANSWERS)).toBe(false);
  });

  it('shows Previous on steps 2 to 4 only', () => {
    expect([1, 2, 3, 4, 5].map((s) => showsPrevious(s as 1))).toEqual([false, true, true, true, false]);
  });

  it('fills the progress bar step by step', () => {
    expect([1, 2, 3, 4, 5].map((s) => progressPercent(s as 1))).toEqual([20, 40, 60, 80, 100]);
  });

  it('finishes on the dashboard with the plan, free by default', () => {
    expect(completedPath('pro')).toBe('/dashboard?onboarding=completed&plan=pro');
    expect(completedPath(null)).toBe('/dashboard?onboarding=completed&plan=free');
    expect(skippedPath('basic')).toBe('/dashboard?welcome=true&plan=basic');
    expect(skippedPath('')).toBe('/dashboard?welcome=true&plan=free');
  });
});
