import { z } from 'zod';
import { dataEnvelope, limitQuerySchema } from '../common/envelope.schema';
import { qualityCategorySchema } from './chat.schema';

/** AI benchmark (issue 17 "AI pages"): a fixed prompt set run against each available provider. */

export const BENCHMARK_CATEGORIES = ['factual', 'reasoning', 'coding', 'summarisation', 'creative'] as const;
export type BenchmarkCategory = (typeof BENCHMARK_CATEGORIES)[number];

export const BENCHMARK_MESSAGES = {
  alreadyRunning: 'A benchmark run is already in progress; wait for it to finish',
  noProviders: 'No AI provider is available to benchmark',
  notFound: 'Benchmark run not found',
  interrupted: 'The run was interrupted before it finished',
} as const;

export const benchmarkPromptSchema = z.object({
  id: z.string(),
  category: z.enum(BENCHMARK_CATEGORIES),
  prompt: z.string(),
});
export type BenchmarkPrompt = z.infer<typeof benchmarkPromptSchema>;

export const benchmarkResultSchema = z.object({
  provider: z.string(),
  model: z.string().nullable(),
  promptId: z.string(),
  category: z.enum(BENCHMARK_CATEGORIES),
  success: z.boolean(),
  error: z.string().nullable(),
  /** Provider that answered: another one when the asked provider failed and the chain went on. */
  answeredBy: z.string().nullable(),
  /** Milliseconds from the call to the whole reply. */
  latencyMs: z.number().int(),
  /** Milliseconds from the call to the first streamed text; null when none arrived. */
  firstTokenMs: z.number().int().nullable(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  tokens: z.number().int(),
  cost: z.number(),
  quality: qualityCategorySchema,
  qualityScore: z.number().nullable(),
  createdAt: z.iso.datetime(),
});
export type BenchmarkResult = z.infer<typeof benchmarkResultSchema>;

export const benchmarkRunSchema = z.object({
  id: z.uuid(),
  status: z.enum(['running', 'completed', 'failed']),
  providers: z.array(z.string()),
  /** Calls planned (providers x prompts) and done so far. */
  total: z.number().int(),
  done: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type BenchmarkRun = z.infer<typeof benchmarkRunSchema>;

/** Per provider of a run: means over its answered prompts. */
export const benchmarkSummarySchema = z.object({
  provider: z.string(),
  model: z.string().nullable(),
  calls: z.number().int(),
  failures: z.number().int(),
  avgLatencyMs: z.number().nullable(),
  avgFirstTokenMs: z.number().nullable(),
  tokens: z.number().int(),
  cost: z.number(),
  avgQualityScore: z.number().nullable(),
});
export type BenchmarkSummary = z.infer<typeof benchmarkSummarySchema>;

export const benchmarkRunDetailSchema = benchmarkRunSchema.extend({
  results: z.array(benchmarkResultSchema),
  summary: z.array(benchmarkSummarySchema),
});
export type BenchmarkRunDetail = z.infer<typeof benchmarkRunDetailSchema>;

export const benchmarkRunReplySchema = dataEnvelope(benchmarkRunDetailSchema);
export const benchmarkRunsQuerySchema = limitQuerySchema(20, 100);
export const benchmarkRunsReplySchema = dataEnvelope(
  z.object({
    runs: z.array(benchmarkRunSchema.extend({ summary: z.array(benchmarkSummarySchema) })),
    prompts: z.array(benchmarkPromptSchema),
  }),
);
export type BenchmarkRunsReply = z.infer<typeof benchmarkRunsReplySchema>;
