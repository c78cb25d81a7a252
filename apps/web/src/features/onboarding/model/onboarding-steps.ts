import type { Onboarding } from '@stratos/contracts/billing/onboarding.schema';

/** The five steps of the wizard (part 1 section 2). */
export const ONBOARDING_STEPS = [
  'Welcome',
  'Preferences',
  'Connect storage',
  'AI features',
  'All set',
] as const;
export const STEP_COUNT = ONBOARDING_STEPS.length;
export type OnboardingStep = 1 | 2 | 3 | 4 | 5;

export type OnboardingAnswers = Pick<
  Onboarding,
  'primaryUseCase' | 'teamSize' | 'storageProviders' | 'aiExperience' | 'goals'
>;

export const EMPTY_ANSWERS: OnboardingAnswers = {
  primaryUseCase: null,
  teamSize: null,
  storageProviders: [],
  aiExperience: null,
  goals: [],
};

/** Part 1 section 4: Next is disabled on step 2 until a use case and a team size are chosen. */
export function canGoNext(step: OnboardingStep, answers: OnboardingAnswers): boolean {
  if (step === 2) return answers.primaryUseCase !== null && answers.teamSize !== null;
  return step < STEP_COUNT;
}

/** Previous shows on steps 2 to 4 only. */
export const showsPrevious = (step: OnboardingStep) => step >= 2 && step <= 4;

/** Progress bar: the share of the steps reached, 20 % on the welcome step and 100 % at the end. */
export const progressPercent = (step: OnboardingStep) => Math.round((step / STEP_COUNT) * 100);

const planOf = (plan: string | null) => encodeURIComponent(plan?.trim() || 'free');

/** Where the finished wizard goes. */
export const completedPath = (plan: string | null) => `/dashboard?onboarding=completed&plan=${planOf(plan)}`;
/** Where Skip Setup goes. */
export const skippedPath = (plan: string | null) => `/dashboard?welcome=true&plan=${planOf(plan)}`;

/** Part 1 section 9: the finish waits 1 s before leaving; the flag marks the setup done on this device. */
export const FINISH_WAIT_MS = 1000;
export const ONBOARDING_COMPLETED_KEY = 'onboardingCompleted';

/** The answers as the server keeps them, from whatever it has saved (null before the first save). */
export function answersFrom(saved: Onboarding | undefined): OnboardingAnswers {
  if (!saved) return EMPTY_ANSWERS;
  return {
    primaryUseCase: saved.primaryUseCase,
    teamSize: saved.teamSize,
    storageProviders: saved.storageProviders,
    aiExperience: saved.aiExperience,
    goals: saved.goals,
  };
}
