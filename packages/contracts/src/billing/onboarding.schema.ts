import { z } from 'zod';
import { singleLineText } from '../common/text.schema';

/** Onboarding preferences (part 1 section 3), saved on the server. */
export const USE_CASES = ['personal', 'business', 'development', 'creative', 'research'] as const;
export const TEAM_SIZES = ['solo', 'small', 'medium', 'large'] as const;
export const TEAM_SIZE_LABELS: Record<(typeof TEAM_SIZES)[number], string> = {
  solo: 'Just me',
  small: 'Small (2-10)',
  medium: 'Medium (11-50)',
  large: 'Large (50+)',
};
export const ONBOARDING_MESSAGES = {
  /** PUT /api/onboarding with completed: true before step 2's two choices are made. */
  incomplete: 'Please choose your primary use case and team size to finish onboarding',
} as const;
export const AI_EXPERIENCE = ['none', 'beginner', 'intermediate', 'advanced'] as const;

export const onboardingSchema = z.object({
  primaryUseCase: z.enum(USE_CASES).nullable(),
  storageProviders: z.array(z.string()),
  teamSize: z.enum(TEAM_SIZES).nullable(),
  aiExperience: z.enum(AI_EXPERIENCE).nullable(),
  goals: z.array(z.string()),
  completedAt: z.string().nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingReplySchema = z.object({ success: z.literal(true), onboarding: onboardingSchema });
export type OnboardingReply = z.infer<typeof onboardingReplySchema>;

/** PUT /api/onboarding: saves progress; `completed: true` marks it done (needs use case and team size). */
export const saveOnboardingBodySchema = z
  .strictObject({
    primaryUseCase: z.enum(USE_CASES).nullable(),
    storageProviders: z.array(singleLineText().min(1).max(40)).max(20),
    teamSize: z.enum(TEAM_SIZES).nullable(),
    aiExperience: z.enum(AI_EXPERIENCE).nullable(),
    goals: z.array(singleLineText().min(1).max(200)).max(20),
    completed: z.boolean(),
  })
  .partial();
export type SaveOnboardingBody = z.infer<typeof saveOnboardingBodySchema>;
