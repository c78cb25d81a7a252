import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { multiLineText } from '../common/text.schema';
import { KNOWLEDGE_DATA_ERRORS } from './knowledge-data.schema';
import {
  IMPLEMENTATION_STATUSES,
  IMPROVEMENT_PRIORITIES,
  RETRIEVAL_DOMAINS,
} from './knowledge-records.schema';

/**
 * The active learning loop (part 2 sections 4, 5, 9; DECISIONS.md section 6; issue 17): start and
 * stop, the server-side kill switch, learning cycles (scheduled and on demand) with their live
 * progress, the improvement suggestions and applying them, metrics and the exponential and
 * enhanced views. Every route is superadmin only. Replies are `{ success: true, data }`.
 *
 * Routes (all under /api, superadmin only, 403 LEARNING_MESSAGES.databaseAccess otherwise):
 *   GET  /ai/learning/status                    -> learningStatusReplySchema
 *   POST /ai/learning/start                     -> learningStatusReplySchema (503 ollamaUnavailable, 403 disabled)
 *   POST /ai/learning/stop                      -> learningStatusReplySchema
 *   PUT  /ai/learning/kill-switch  killSwitchBodySchema -> learningStatusReplySchema
 *   POST /ai/learning/cycle                     -> learningCycleReplySchema (waits; 409 cycleRunning, 403 disabled)
 *   GET  /ai/learning/cycles?limit              -> learningCyclesReplySchema (newest first)
 *   GET  /ai/learning/progress                  -> server-sent events of learningProgressSchema
 *   GET  /ai/learning/improvements              -> learningImprovementsReplySchema (latest 50, newest first)
 *   POST /ai/learning/improvements/:id/apply    -> learningImprovementReplySchema (404, 409 alreadyApplied)
 *   POST /ai/learning/improvements/:id/revert   -> learningImprovementReplySchema (404, 409 notApplied)
 *   GET  /ai/learning/metrics                   -> learningMetricsReplySchema
 *   GET  /ai/learning/exponential               -> learningExponentialReplySchema
 *   GET  /ai/learning/enhanced                  -> learningEnhancedReplySchema
 *   POST /ai/learning/feedback  learningFeedbackBodySchema -> learningFeedbackReplySchema
 *
 * Every figure is measured from stored rows (interactions, feedback, stored cycles); where there is
 * nothing to measure the value is null, never a default.
 */

/** Section 9 constants of the loop. */
export const LEARNING_LIMITS = {
  /** A scheduled cycle every 10 minutes while learning is on. */
  cycleIntervalMs: 600_000,
  /** A cycle reads the interactions of the last hour, at most 100. */
  windowMs: 3_600_000,
  maxInteractions: 100,
  /** Interactions the local model analyses per cycle. */
  maxAnalysed: 5,
  /** Improvements stored per cycle. */
  maxImprovementsPerCycle: 10,
  /** Suggestions kept (the latest; applied ones are never dropped). */
  maxSuggestions: 50,
  feedbackBatch: 50,
  topPatternWords: 5,
  /** A pattern needs MORE than this many occurrences. */
  patternMinOccurrences: 5,
  /** Tokens of an improvement prompt's answer. */
  improvementMaxTokens: 500,
  metricsWindowHours: 24,
  /** Rating >= 4 is positive, <= 2 negative (section 5). */
  positiveRating: 4,
  negativeRating: 2,
  /** Interaction-derived knowledge: reply over 100 characters, more than 2 keywords, score 0.7. */
  knowledgeMinReply: 100,
  knowledgeMinKeywords: 2,
  knowledgeScore: 0.7,
  manualFeedbackMax: 2000,
  /** Section 4: a learning run is triggered 1 s after a query (the interaction's queue row is due then). */
  learnAfterMs: 1000,
} as const;

/** Section 9 thresholds (a cycle suggests an improvement past them) and targets. */
export const LEARNING_THRESHOLDS = {
  responseTime: { threshold: 3000, target: 2000 },
  satisfaction: { threshold: 0.8, target: 0.9 },
  errorRate: { threshold: 0.05, target: 0.02 },
} as const;
export const THRESHOLD_METRICS = ['responseTime', 'satisfaction', 'errorRate'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];

export const IMPROVEMENT_CATEGORIES = [
  'response_quality',
  'performance',
  'user_experience',
  'knowledge',
  'general',
] as const;
export type ImprovementCategory = (typeof IMPROVEMENT_CATEGORIES)[number];

/** Where a cycle's suggestion came from. */
export const SUGGESTION_SOURCES = ['threshold', 'pattern', 'feedback', 'model'] as const;

export const LEARNING_MESSAGES = {
  /** Any non-superadmin (the knowledge module's 403). */
  databaseAccess: KNOWLEDGE_DATA_ERRORS.DATABASE_ACCESS,
  /** 503 from start when the local model's connection test fails. */
  ollamaUnavailable: 'Ollama not available for learning',
  /** 403 from start and cycle while the kill switch is on. */
  disabled: 'AI learning is currently disabled',
  /** 409 from cycle while another one runs (here or in another process). */
  cycleRunning:
    'A learning cycle is already in progress; follow it on GET /api/ai/learning/progress and try again when it ends',
  improvementNotFound: 'Improvement not found',
  interactionNotFound: 'Interaction not found',
  alreadyApplied: 'This improvement is already applied',
  notApplied: 'This improvement is not applied',
  noCycles: 'No learning cycles have run yet',
  /** Cycle's model step when the local model did not answer. */
  modelStepFailed: 'Ollama not available for learning: the model analysis step was skipped',
} as const;

const iso = z.iso.datetime();
const ratio = z.number().min(0).max(1);

/** Metrics of `GET /metrics` (last 24 hours of interactions). Null: nothing to measure. */
export const learningMetricsSchema = z.object({
  /** Positively rated replies (satisfaction >= 0.8, i.e. rating >= 4) / rated replies. */
  accuracy: ratio.nullable(),
  /** Mean response time, milliseconds. */
  responseTime: z.number().nullable(),
  /** Mean satisfaction_score (rating / 5). */
  userSatisfaction: ratio.nullable(),
  /** 0.15 x 1.2 when satisfaction is above 0.9, else x 0.8, capped at 0.3 (section 9). */
  learningRate: z.number().nullable(),
  /** Negatively rated replies (satisfaction <= 0.4, i.e. rating <= 2) / rated replies; null without ratings. */
  errorRate: ratio.nullable(),
  interactions: z.number().int(),
  rated: z.number().int(),
  windowHours: z.number().int(),
  measuredAt: iso,
});
export type LearningMetrics = z.infer<typeof learningMetricsSchema>;

/** A cycle's own figures over the interactions it read (the last hour, at most 100). */
export const cycleFiguresSchema = z.object({
  avgResponseTime: z.number().nullable(),
  satisfaction: ratio.nullable(),
  errorRate: ratio.nullable(),
  accuracy: ratio.nullable(),
  learningRate: z.number().nullable(),
  /** Share of interactions whose reply drew on knowledge (knowledge_used not empty). */
  knowledgeUse: ratio.nullable(),
});

export const patternWordSchema = z.object({ word: z.string(), frequency: z.number().int() });

export const learningCycleSchema = z.object({
  id: z.uuid(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'succeeded', 'failed']),
  startedAt: iso,
  finishedAt: iso.nullable(),
  durationMs: z.number().int().nullable(),
  /** Server CPU of the cycle outside its model calls, milliseconds. */
  cpuMs: z.number().nullable(),
  interactionsRead: z.number().int(),
  interactionsAnalysed: z.number().int(),
  /** ok: the model analysed; failed: it did not answer (see modelError); skipped: nothing to analyse. */
  modelStep: z.enum(['ok', 'failed', 'skipped']),
  modelError: z.string().nullable(),
  figures: cycleFiguresSchema,
  thresholdsExceeded: z.array(z.enum(THRESHOLD_METRICS)),
  /** Top 5 query words with more than 5 occurrences. */
  patterns: z.array(patternWordSchema),
  feedback: z.object({
    processed: z.number().int(),
    positive: z.number().int(),
    negative: z.number().int(),
    neutral: z.number().int(),
    batches: z.number().int(),
  }),
  improvementsStored: z.number().int(),
  knowledgeItemsCreated: z.number().int(),
  /** Totals after the cycle, the base of the exponential view. */
  totals: z.object({
    knowledgeItems: z.number().int(),
    suggestions: z.number().int(),
    patterns: z.number().int(),
    feedbackProcessed: z.number().int(),
    applied: z.number().int(),
  }),
  error: z.string().nullable(),
});
export type LearningCycle = z.infer<typeof learningCycleSchema>;

export const LEARNING_STEPS = [
  'reading',
  'thresholds',
  'patterns',
  'feedback',
  'model',
  'improvements',
  'knowledge',
] as const;
export type LearningStep = (typeof LEARNING_STEPS)[number];

/** One event of `GET /progress` (server-sent: `progress`, then `done`; `idle` when none runs). */
export const learningProgressSchema = z.object({
  isRunning: z.boolean(),
  cycleId: z.uuid(),
  status: z.enum(['running', 'succeeded', 'failed']),
  step: z.enum(LEARNING_STEPS),
  stepsCompleted: z.number().int(),
  totalSteps: z.number().int(),
  currentOperation: z.string(),
  interactionsRead: z.number().int(),
  analysed: z.number().int(),
  toAnalyse: z.number().int(),
  improvementsStored: z.number().int(),
  startTime: iso,
});
export type LearningProgress = z.infer<typeof learningProgressSchema>;

export const learningStatusSchema = z.object({
  /** Started by the superadmin (off until then). */
  enabled: z.boolean(),
  /** The server-side kill switch: while true nothing learns. */
  killSwitch: z.boolean(),
  /** A cycle in progress, here or in another process. */
  running: z.boolean(),
  progress: learningProgressSchema.nullable(),
  startedAt: iso.nullable(),
  lastCycle: learningCycleSchema.nullable(),
  /** When the scheduler runs the next cycle; null while learning is off or disabled. */
  nextCycleAt: iso.nullable(),
  intervalMs: z.number().int(),
  metrics: learningMetricsSchema,
  /** The per-interaction learning queue (ai_learning_queue): interactions not yet learned from. */
  queue: z.object({
    waiting: z.number().int(),
    /** When the oldest of them was queued; null when none waits. */
    oldestQueuedAt: iso.nullable(),
  }),
});
export type LearningStatus = z.infer<typeof learningStatusSchema>;
export const learningStatusReplySchema = dataEnvelope(learningStatusSchema);

export const killSwitchBodySchema = z.strictObject({ disabled: z.boolean() });
export type KillSwitchBody = z.infer<typeof killSwitchBodySchema>;

export const learningCycleReplySchema = dataEnvelope(z.object({ cycle: learningCycleSchema }));
export const learningCyclesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const learningCyclesReplySchema = dataEnvelope(z.object({ cycles: z.array(learningCycleSchema) }));

export const learningImprovementSchema = z.object({
  id: z.uuid(),
  improvementType: z.string(),
  description: z.string(),
  priority: z.enum(IMPROVEMENT_PRIORITIES),
  impactScore: z.number(),
  implementationStatus: z.enum(IMPLEMENTATION_STATUSES),
  category: z.string(),
  createdAt: iso,
  appliedAt: iso.nullable(),
  revertedAt: iso.nullable(),
  /** Interactions before vs after applying (filled once applied). */
  successMetrics: z.record(z.string(), z.unknown()),
  relatedInteractions: z.array(z.uuid()),
  /** Null for improvements not made by a cycle (seeded or written through the data calls). */
  cycleId: z.uuid().nullable(),
  source: z.enum(SUGGESTION_SOURCES).nullable(),
  /** The retrieval domain the guidance applies to; null: every domain. */
  domain: z.enum(RETRIEVAL_DOMAINS).nullable(),
  /** What applying adds to the assistant's system prompt for that domain. */
  guidance: z.string(),
  active: z.boolean(),
});
export type LearningImprovement = z.infer<typeof learningImprovementSchema>;
export const learningImprovementsReplySchema = dataEnvelope(
  z.object({ improvements: z.array(learningImprovementSchema) }),
);
export const learningImprovementReplySchema = dataEnvelope(
  z.object({ improvement: learningImprovementSchema }),
);
export const learningImprovementParamsSchema = z.object({ id: z.uuid() });

export const learningMetricsReplySchema = dataEnvelope(learningMetricsSchema);

/** A factor of the exponential view: the spec's per-run multiplier next to the measured one. */
export const exponentialFactorSchema = z.object({
  name: z.string(),
  /** What is measured, in words. */
  measures: z.string(),
  /** Section 9's multiplier per run (the aim, not a measurement). */
  specMultiplier: z.number(),
  /** Geometric mean of the measured per-cycle multipliers; null without two comparable cycles. */
  measured: z.number().nullable(),
  /** Value and multiplier per stored cycle, oldest first. */
  series: z.array(
    z.object({
      cycleId: z.uuid(),
      at: iso,
      value: z.number().nullable(),
      multiplier: z.number().nullable(),
    }),
  ),
});
export type ExponentialFactor = z.infer<typeof exponentialFactorSchema>;

export const exponentialSchema = z.object({
  cycles: z.number().int(),
  /** LEARNING_MESSAGES.noCycles when there is no stored cycle. */
  message: z.string().nullable(),
  factors: z.array(exponentialFactorSchema),
  capabilities: z.array(exponentialFactorSchema),
});
export type LearningExponential = z.infer<typeof exponentialSchema>;
export const learningExponentialReplySchema = dataEnvelope(exponentialSchema);

export const enhancedSchema = z.object({
  cycles: z.number().int(),
  message: z.string().nullable(),
  /** Each section 9 threshold against the latest stored cycle's figure. */
  thresholds: z.array(
    z.object({
      metric: z.enum(THRESHOLD_METRICS),
      threshold: z.number(),
      target: z.number(),
      latest: z.number().nullable(),
      state: z.enum(['ok', 'exceeded', 'no_data']),
    }),
  ),
  /** Figures per stored cycle, oldest first. */
  series: z.array(
    z.object({
      cycleId: z.uuid(),
      at: iso,
      interactions: z.number().int(),
      improvements: z.number().int(),
      feedbackProcessed: z.number().int(),
      figures: cycleFiguresSchema,
    }),
  ),
  /** Pattern words over the stored cycles (summed frequencies), top 5. */
  topPatterns: z.array(patternWordSchema),
  improvements: z.object({
    suggested: z.number().int(),
    applied: z.number().int(),
    byCategory: z.record(z.string(), z.number().int()),
    byPriority: z.record(z.string(), z.number().int()),
  }),
});
export type LearningEnhanced = z.infer<typeof enhancedSchema>;
export const learningEnhancedReplySchema = dataEnvelope(enhancedSchema);

/**
 * Manual feedback from the console. Blank text (after trimming) is ignored as the specification
 * says: the reply is 200 `{ ignored: true }` and nothing is stored.
 */
export const learningFeedbackBodySchema = z.strictObject({
  text: multiLineText().max(LEARNING_LIMITS.manualFeedbackMax),
  rating: z.number().int().min(1).max(5).optional(),
  /** The interaction it is about; its satisfaction is then set from the rating. */
  interactionId: z.uuid().optional(),
});
export type LearningFeedbackBody = z.infer<typeof learningFeedbackBodySchema>;

export const learningFeedbackSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  rating: z.number().int().nullable(),
  sentiment: z.enum(['positive', 'negative', 'neutral']),
  interactionId: z.uuid().nullable(),
  createdAt: iso,
});
export const learningFeedbackReplySchema = dataEnvelope(
  z.discriminatedUnion('ignored', [
    z.object({ ignored: z.literal(true), reason: z.literal('blank') }),
    z.object({ ignored: z.literal(false), feedback: learningFeedbackSchema }),
  ]),
);
export type LearningFeedbackReply = z.infer<typeof learningFeedbackReplySchema>;
