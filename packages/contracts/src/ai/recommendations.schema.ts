import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

/**
 * /ai-recommendations (issue 17 "AI pages"): the user's recommendations, read from their stored
 * file analyses and from learning improvements drawn from their own interactions.
 */

export const RECOMMENDATION_SOURCES = ['analysis', 'learning'] as const;
export const recommendationSourceSchema = z.enum(RECOMMENDATION_SOURCES);

/** open: not acted on yet; done: the user acted on it; dismissed: hidden by the user. */
export const RECOMMENDATION_STATES = ['open', 'done', 'dismissed'] as const;
export const recommendationStateSchema = z.enum(RECOMMENDATION_STATES);
export type RecommendationState = z.infer<typeof recommendationStateSchema>;

/** Priority by the part 2 section 5 mapping of a suggestion's text (critical/urgent, important/should). */
export const RECOMMENDATION_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const recommendationPrioritySchema = z.enum(RECOMMENDATION_PRIORITIES);
export type RecommendationPriority = z.infer<typeof recommendationPrioritySchema>;

export const recommendationSchema = z.object({
  /** Stable across reloads: the source, the file or improvement, and (for a file) the text's hash. */
  id: z.string().min(1).max(200),
  source: recommendationSourceSchema,
  text: z.string(),
  priority: recommendationPrioritySchema,
  /** The analysis's category, or the improvement's. */
  category: z.string().nullable(),
  /** The file the recommendation is about (analysis recommendations). */
  fileId: z.uuid().nullable(),
  fileName: z.string().nullable(),
  /** When the analysis completed, or the improvement was suggested. */
  createdAt: z.iso.datetime(),
  /** Learning improvements: its status and when it was applied. */
  improvementStatus: z.string().nullable(),
  appliedAt: z.iso.datetime().nullable(),
  state: recommendationStateSchema,
  /** When the user marked it done or dismissed it. */
  stateChangedAt: z.iso.datetime().nullable(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationsQuerySchema = z.object({
  state: z.enum([...RECOMMENDATION_STATES, 'all']).default('open'),
  source: recommendationSourceSchema.optional(),
});

export const recommendationsSchema = z.object({
  items: z.array(recommendationSchema),
  counts: z.object({ open: z.number().int(), done: z.number().int(), dismissed: z.number().int() }),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;
export const recommendationsReplySchema = dataEnvelope(recommendationsSchema);

/** POST /api/ai/recommendations/state: mark done, dismiss, or reopen one recommendation. */
export const recommendationStateBodySchema = z.strictObject({
  id: singleLineText().min(1).max(200),
  state: recommendationStateSchema,
});
export const recommendationStateReplySchema = dataEnvelope(
  z.object({ recommendation: recommendationSchema }),
);

export const RECOMMENDATION_MESSAGES = {
  notFound: 'Recommendation not found',
  loadFailed: 'Failed to load recommendations',
} as const;
