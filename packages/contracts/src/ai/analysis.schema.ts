import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { aiProviderRecordSchema } from './providers.schema';

/** File analysis and the AI dashboard (part 2 sections 2, 3, 7, 9; issue 5 "File analysis"). */

/** The model the analysis job asks by default (part 2 section 9). */
export const DEFAULT_ANALYSIS_MODEL = 'llama3.2:3b';

/**
 * pending: queued; running: a worker has it; completed: results stored; failed: the model or the
 * extraction failed (error says why; it can be retried); unsupported: nothing we can read (a type we
 * do not extract, or no text in it).
 */
export const ANALYSIS_STATUSES = ['pending', 'running', 'completed', 'failed', 'unsupported'] as const;
export const analysisStatusSchema = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

export const INSIGHT_PRIORITIES = ['high', 'medium', 'low'] as const;
export const insightPrioritySchema = z.enum(INSIGHT_PRIORITIES);
export type InsightPriority = z.infer<typeof insightPrioritySchema>;

export const analysisInsightSchema = z.object({
  /** Free-form kind the model gives ("security", "content", "organization", ...). */
  type: z.string(),
  title: z.string(),
  description: z.string(),
  priority: insightPrioritySchema,
});
export type AnalysisInsight = z.infer<typeof analysisInsightSchema>;

export const fileAnalysisSchema = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  status: analysisStatusSchema,
  summary: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  insights: z.array(analysisInsightSchema),
  recommendations: z.array(z.string()),
  /** The model's own confidence in its analysis, 0 to 1; null until completed. */
  confidence: z.number().min(0).max(1).nullable(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  /** Characters of extracted text sent to the model, and whether the text was cut to fit. */
  charsAnalyzed: z.number().int().nullable(),
  truncated: z.boolean(),
  error: z.string().nullable(),
  /** Completed runs of this file's analysis (a re-analysis adds one). */
  runs: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type FileAnalysis = z.infer<typeof fileAnalysisSchema>;

/** GET /api/files/:id/analysis: null when the file was never queued. */
export const fileAnalysisReplySchema = dataEnvelope(z.object({ analysis: fileAnalysisSchema.nullable() }));
export type FileAnalysisReply = z.infer<typeof fileAnalysisReplySchema>;

/**
 * POST /api/ai/analyze-files: queue every readable file of the user that has no analysis yet, and
 * again every file whose analysis failed. `queued` counts both; `retried` the failed ones among them.
 */
export const analyzeFilesReplySchema = dataEnvelope(
  z.object({ queued: z.number().int(), retried: z.number().int() }),
);

export const ANALYSIS_MESSAGES = {
  unsupported: 'This file type cannot be analysed yet (text, Markdown, CSV, JSON, PDF and DOCX can)',
  alreadyQueued: 'This file is already being analysed',
  noProviders: 'No AI providers available',
  loadFailed: 'Failed to load AI dashboard',
} as const;

/** An insight or recommendation on the dashboard, with the file it came from. */
export const dashboardInsightSchema = analysisInsightSchema.extend({
  fileId: z.uuid(),
  fileName: z.string(),
});
export const dashboardRecommendationSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  text: z.string(),
});

/** A file whose last analysis did not succeed: why, and since when (failed ones can be retried). */
export const dashboardFailureSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  status: z.enum(['failed', 'unsupported']),
  /** The reason stored with the analysis. */
  error: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type DashboardFailure = z.infer<typeof dashboardFailureSchema>;

/** Failed and unsupported files listed on the dashboard (failed first, newest first). */
export const DASHBOARD_FAILURES_LISTED = 20;

/** GET /api/ai/dashboard: every figure is read from stored analyses and provider records. */
export const aiDashboardSchema = z.object({
  /** 'healthy' when at least one provider is available, else 'degraded'. */
  status: z.enum(['healthy', 'degraded']),
  /** Completed analysis runs of the user's live files (re-analyses count). */
  totalAnalyses: z.number().int(),
  /** Mean model confidence over completed analyses; null when there are none. */
  averageConfidence: z.number().nullable(),
  /** Live files with a completed analysis. */
  analyzedFiles: z.number().int(),
  /** Files queued or running now. */
  pendingAnalyses: z.number().int(),
  /** Live files whose analysis failed (after its tries, or at once for the allowance). */
  failedAnalyses: z.number().int(),
  /** Live files with nothing we can read in them (no text, binary, too large). */
  unsupportedAnalyses: z.number().int(),
  /** Up to DASHBOARD_FAILURES_LISTED of them, failed first, then unsupported, newest first. */
  failures: z.array(dashboardFailureSchema).max(DASHBOARD_FAILURES_LISTED),
  insightCount: z.number().int(),
  recommendationCount: z.number().int(),
  /** Up to 5, high priority first, newest first within a priority. */
  insights: z.array(dashboardInsightSchema).max(5),
  /** Up to 5, newest first. */
  recommendations: z.array(dashboardRecommendationSchema).max(5),
  /** Models offered by available providers (distinct). */
  activeModels: z.number().int(),
  providers: z.array(aiProviderRecordSchema),
  /** Files by category the model gave. */
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  lastAnalyzedAt: z.iso.datetime().nullable(),
});
export type AiDashboard = z.infer<typeof aiDashboardSchema>;
export const aiDashboardReplySchema = dataEnvelope(aiDashboardSchema);
export type AiDashboardReply = z.infer<typeof aiDashboardReplySchema>;
