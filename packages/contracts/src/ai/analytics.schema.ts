import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { QUALITY_CATEGORIES } from './chat.schema';

/** AI analytics and performance (issue 17 "AI pages"): figures from ai_usage_log and chat messages. */

/** Longest range one request may cover (a year and a day, so a full leap year fits). */
export const ANALYTICS_MAX_DAYS = 366;
/** Range when none is given: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;

export const ANALYTICS_MESSAGES = {
  badRange: 'The range must start on or before its end',
  rangeTooLong: `A range covers at most ${ANALYTICS_MAX_DAYS} days`,
  ownUsageOnly: 'Only admins can see the AI usage of other users',
} as const;

const day = z.iso.date();

/**
 * `from` and `to` are UTC calendar days, both included. `userId` narrows an admin's view to one
 * user; anyone else always sees their own usage.
 */
export const analyticsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  userId: z.uuid().optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Calls are rows of the usage log: one per provider attempt, answered or failed. */
const usageFigures = {
  calls: z.number().int(),
  failures: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  tokens: z.number().int(),
  /** US dollars. */
  cost: z.number(),
};

export const usageDaySchema = z.object({ day, ...usageFigures });
export const usageGroupSchema = z.object({
  /** model: "provider/model"; provider, operation: their name. */
  key: z.string(),
  provider: z.string().nullable(),
  ...usageFigures,
  avgResponseMs: z.number().nullable(),
});
export const usageUserSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  ...usageFigures,
});

export const usageReportSchema = z.object({
  from: day,
  to: day,
  /** all: every user's calls (admins); own: the caller's (or the one user an admin picked). */
  scope: z.enum(['all', 'own', 'user']),
  totals: z.object(usageFigures),
  days: z.array(usageDaySchema),
  byModel: z.array(usageGroupSchema),
  byProvider: z.array(usageGroupSchema),
  byOperation: z.array(usageGroupSchema),
  /** Admins' view of everyone: per user, most expensive first; null for anyone else. */
  byUser: z.array(usageUserSchema).nullable(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;
export const usageReplySchema = dataEnvelope(usageReportSchema);

/** Header of the CSV export: one line per day, user, provider, model and operation. */
export const USAGE_CSV_COLUMNS = [
  'day',
  'user_email',
  'provider',
  'model',
  'operation',
  'calls',
  'failures',
  'prompt_tokens',
  'completion_tokens',
  'tokens',
  'cost_usd',
  'avg_response_ms',
] as const;

const latency = {
  /** Milliseconds of answered calls; null when there were none. */
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  p99: z.number().nullable(),
};

const rates = {
  calls: z.number().int(),
  failures: z.number().int(),
  /** failures / calls; null without calls. */
  errorRate: z.number().nullable(),
};

export const qualityCountsSchema = z.object(
  Object.fromEntries(QUALITY_CATEGORIES.map((c) => [c, z.number().int()])) as Record<
    (typeof QUALITY_CATEGORIES)[number],
    z.ZodNumber
  >,
);
export type QualityCounts = z.infer<typeof qualityCountsSchema>;

export const performanceReportSchema = z.object({
  from: day,
  to: day,
  scope: z.enum(['all', 'own', 'user']),
  overall: z.object({
    ...rates,
    ...latency,
    avgMs: z.number().nullable(),
    /** Requests: a call and the fallback attempts behind it count once. */
    requests: z.number().int(),
    /** Requests whose first attempt failed and a later one answered. */
    fallbacks: z.number().int(),
    fallbackRate: z.number().nullable(),
  }),
  byProvider: z.array(z.object({ provider: z.string(), ...rates, ...latency })),
  days: z.array(z.object({ day, ...rates, ...latency })),
  topErrors: z.array(z.object({ provider: z.string(), error: z.string(), count: z.number().int() })),
  /** Assistant replies of the chat by quality category, per day (from the stored messages). */
  quality: z.array(z.object({ day, counts: qualityCountsSchema })),
  qualityTotals: qualityCountsSchema,
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;
export const performanceReplySchema = dataEnvelope(performanceReportSchema);
