import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

/**
 * /ai/training (issue 17 "AI pages"): interactions and their feedback as a fine-tuning dataset.
 * A user with ai:train sees their own interactions; admins and the superadmin see everyone's.
 */

export const TRAINING_REVIEWS = ['included', 'excluded'] as const;
export const trainingReviewSchema = z.enum(TRAINING_REVIEWS);
export type TrainingReview = z.infer<typeof trainingReviewSchema>;

const boolish = z.enum(['true', 'false', 'unrated']);

/** Filters shared by the list and the export. */
export const trainingFilterSchema = z.object({
  from: z.iso.date().optional(),
  /** Inclusive: the whole day. */
  to: z.iso.date().optional(),
  /** Star rating 1..5 (satisfaction x 5). */
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  maxRating: z.coerce.number().int().min(1).max(5).optional(),
  model: singleLineText({ trim: true }).min(1).max(200).optional(),
  domain: singleLineText({ trim: true }).min(1).max(100).optional(),
  /** was_helpful: true, false, or not said. */
  helpful: boolish.optional(),
  review: z.enum(['included', 'excluded', 'unreviewed']).optional(),
  /** Words in the question or the answer. */
  search: singleLineText({ trim: true }).min(1).max(200).optional(),
});
export type TrainingFilter = z.infer<typeof trainingFilterSchema>;

export const trainingListQuerySchema = trainingFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

export const trainingExampleSchema = z.object({
  id: z.uuid(),
  /** Null for platform (seeded) interactions. */
  userId: z.uuid().nullable(),
  userEmail: z.string().nullable(),
  query: z.string(),
  response: z.string(),
  /** 1..5 from the satisfaction score; null when not rated. */
  rating: z.number().int().min(0).max(5).nullable(),
  satisfaction: z.number().nullable(),
  wasHelpful: z.boolean().nullable(),
  model: z.string().nullable(),
  domain: z.string(),
  /** The latest chat feedback comment on the reply, when there is one. */
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  review: trainingReviewSchema.nullable(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type TrainingExample = z.infer<typeof trainingExampleSchema>;

export const trainingListSchema = z.object({
  items: z.array(trainingExampleSchema),
  /** Examples matching the filters. */
  total: z.number().int(),
  /** Of those, how many are included (what the export would write). */
  included: z.number().int(),
  excluded: z.number().int(),
  /** Whose data: 'own' for users, 'all' for admins. */
  scope: z.enum(['own', 'all']),
  /** Values present in the data the caller may see, for the filter menus. */
  models: z.array(z.string()),
  domains: z.array(z.string()),
});
export type TrainingList = z.infer<typeof trainingListSchema>;
export const trainingListReplySchema = dataEnvelope(trainingListSchema);

export const TRAINING_REVIEW_MAX = 100;

/** PUT /api/ai/training/review: mark examples included, excluded, or back to unreviewed. */
export const trainingReviewBodySchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(TRAINING_REVIEW_MAX),
  review: z.enum(['included', 'excluded', 'unreviewed']),
});
export const trainingReviewReplySchema = dataEnvelope(z.object({ updated: z.number().int() }));

/** One line of the JSONL export: an OpenAI chat-format fine-tuning example. */
export const trainingJsonlLineSchema = z.object({
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
});

export const TRAINING_MESSAGES = {
  notFound: 'Example not found',
  loadFailed: 'Failed to load the training dataset',
} as const;
