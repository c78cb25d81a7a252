import {
  type AiDashboard,
  ANALYSIS_MESSAGES,
  DASHBOARD_FAILURES_LISTED,
  type FileAnalysis,
} from '@stratos/contracts/ai/analysis.schema';
import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error';
import type { StorageDriver } from '../../../storage/storage-driver';
import type { DownloadableFile } from '../../files/download.repository';
import type { AiRouter } from '../providers/ai-router';
import type { AnalysisRepository, AnalysisRow, FileRecommendations } from './analysis.repository';
import {
  ANALYSIS_SYSTEM_PROMPT,
  AnalysisReplyError,
  analysisPrompt,
  parseAnalysisReply,
} from './analysis-prompt';
import { extractFileText, readableKind, UnreadableFileError } from './text-extraction';

/** Tries of one analysis before it is 'failed' for good (a re-analysis starts again). */
export const ANALYSIS_MAX_TRIES = 3;
/** A running row whose worker has not finished within this is taken again. */
export const ANALYSIS_LEASE_MS = 5 * 60 * 1000;
/** Rows analysed at the same time by one drain. */
export const ANALYSIS_CONCURRENCY = 2;
/** Insights and recommendations listed on the dashboard. */
export const DASHBOARD_TOP = 5;

export interface AnalysisDeps {
  repo: AnalysisRepository;
  files: { findLive(ownerId: string, fileId: string): Promise<DownloadableFile | null> };
  storage: StorageDriver;
  router: Pick<AiRouter, 'generate'>;
  providers: { list(userId: string): Promise<AiProviderRecord[]> };
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Called after something was queued, so a worker starts at once (not at the next minute). */
  onQueued?: () => void;
  /** Told when a file's analysis settled (completed, failed, unreadable): live events. */
  onSettled?: (userId: string, fileId: string) => void;
}

const fileNotFound = () => notFound(FILE_ERRORS.FILE_NOT_FOUND);

/** What a drain did. */
export interface DrainReport {
  completed: number;
  failed: number;
  retried: number;
  unsupported: number;
  /** True when it stopped because no AI provider was available (rows left pending). */
  noProviders: boolean;
}

type Outcome = keyof Omit<DrainReport, 'noProviders'> | 'released' | 'stop';

export function toFileAnalysis(r: AnalysisRow): FileAnalysis {
  return {
    id: r.id,
    fileId: r.fileId,
    status: r.status,
    summary: r.summary,
    category: r.category,
    tags: r.tags,
    insights: r.insights,
    recommendations: r.recommendations,
    confidence: r.confidence,
    model: r.model,
    provider: r.provider,
    charsAnalyzed: r.charsAnalyzed,
    truncated: r.truncated,
    error: r.error,
    runs: r.runs,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  };
}

/**
 * File analysis: the queue (one row per file in ai_file_analyses), the worker that extracts a
 * file's text and asks the model through the provider router, and the AI dashboard's figures.
 */
export class AnalysisService {
  private draining: Promise<DrainReport> | null = null;
  private again = false;

  constructor(private readonly d: AnalysisDeps) {}

  /** The file's analysis (null when never queued); 404 when the file is not the user's live file. */
  async forFile(userId: string, fileId: string): Promise<FileAnalysis | null> {
    if (!(await this.d.files.findLive(userId, fileId))) throw fileNotFound();
    const row = await this.d.repo.findForFile(userId, fileId);
    return row ? toFileAnalysis(row) : null;
  }

  /** The recommendations of the user's completed analyses (live files, newest first, up to `limit` files). */
  recommendationsOf(userId: string, limit = 500): Promise<FileRecommendations[]> {
    return this.d.repo.recommendationsOf(userId, limit);
  }

  /**
   * A live file's text as the analysis reads it (capped like an analysis): for other AI features
   * that work on a file's content. 404 not the user's file; 400 a type or content we cannot read.
   */
  async fileText(
    userId: string,
    fileId: string,
  ): Promise<{ name: string; text: string; truncated: boolean }> {
    const file = await this.d.files.findLive(userId, fileId);
    if (!file) throw fileNotFound();
    try {
      const extracted = await extractFileText(this.d.storage, file);
      return { name: file.name, text: extracted.text, truncated: extracted.truncated };
    } catch (err) {
      if (err instanceof UnreadableFileError) throw badRequest(err.message, 'FILE_UNREADABLE');
      throw err;
    }
  }

  /** Queues (or re-queues) a file: 404 not the user's, 400 a type we cannot read, 409 already queued. */
  async request(userId: string, fileId: string): Promise<FileAnalysis> {
    const file = await this.d.files.findLive(userId, fileId);
    if (!file) throw fileNotFound();
    if (!readableKind(file.name, file.mimeType)) {
      throw badRequest(ANALYSIS_MESSAGES.unsupported, 'ANALYSIS_UNSUPPORTED');
    }
    const row = await this.d.repo.queue(fileId, userId);
    if (!row) throw conflict(ANALYSIS_MESSAGES.alreadyQueued, 'ANALYSIS_ALREADY_QUEUED');
    this.d.onQueued?.();
    return toFileAnalysis(row);
  }

  /**
   * Queues every readable live file of the user that has no analysis yet, and retries every one
   * whose analysis failed ("Analyse my files"). Unsupported files are left alone: their content
   * has no text to read, and asking again would not change that.
   */
  async queueUnanalysed(userId: string): Promise<{ queued: number; retried: number }> {
    const { added, retried } = await this.d.repo.queueUnanalysed(userId);
    if (added + retried > 0) this.d.onQueued?.();
    return { queued: added + retried, retried };
  }

  async dashboard(userId: string): Promise<AiDashboard> {
    const [f, providers] = await Promise.all([
      this.d.repo.dashboard(userId, DASHBOARD_TOP, DASHBOARD_FAILURES_LISTED),
      this.d.providers.list(userId),
    ]);
    const available = providers.filter((p) => p.status === 'available');
    const models = new Set(
      available.flatMap((p) => (p.availableModels.length > 0 ? p.availableModels : p.models)),
    );
    return {
      status: available.length > 0 ? 'healthy' : 'degraded',
      totalAnalyses: f.totalAnalyses,
      averageConfidence: f.averageConfidence === null ? null : Math.round(f.averageConfidence * 1000) / 1000,
      analyzedFiles: f.analyzedFiles,
      pendingAnalyses: f.pendingAnalyses,
      failedAnalyses: f.failedAnalyses,
      unsupportedAnalyses: f.unsupportedAnalyses,
      failures: f.failures,
      insightCount: f.insightCount,
      recommendationCount: f.recommendationCount,
      insights: f.insights,
      recommendations: f.recommendations,
      activeModels: models.size,
      providers,
      categories: f.categories,
      lastAnalyzedAt: f.lastAnalyzedAt ? f.lastAnalyzedAt.toISOString() : null,
    };
  }

  /**
   * Works through the queue, ANALYSIS_CONCURRENCY rows at a time, until no row is left. Stops early
   * (rows left pending) when no AI provider is available or `signal` aborts. A call while a drain
   * runs in this process joins it and makes it look at the queue once more when it ends.
   */
  drain(signal?: AbortSignal): Promise<DrainReport> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = async (): Promise<DrainReport> => {
      const total: DrainReport = { completed: 0, failed: 0, retried: 0, unsupported: 0, noProviders: false };
      do {
        this.again = false;
        const r = await this.drainOnce(signal);
        total.completed += r.completed;
        total.failed += r.failed;
        total.retried += r.retried;
        total.unsupported += r.unsupported;
        total.noProviders = r.noProviders;
      } while (this.again && !total.noProviders && !signal?.aborted);
      return total;
    };
    this.draining = run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drainOnce(signal?: AbortSignal): Promise<DrainReport> {
    const report: DrainReport = { completed: 0, failed: 0, retried: 0, unsupported: 0, noProviders: false };
    let stop = false;
    const worker = async () => {
      while (!stop && !signal?.aborted) {
        const row = await this.d.repo.claim(ANALYSIS_LEASE_MS);
        if (!row) return;
        const outcome = await this.process(row, signal);
        if (outcome === 'stop') {
          stop = true;
          report.noProviders = true;
        } else if (outcome !== 'released') {
          report[outcome]++;
          if (outcome !== 'retried') this.d.onSettled?.(row.userId, row.fileId);
        }
      }
    };
    await Promise.all(Array.from({ length: ANALYSIS_CONCURRENCY }, worker));
    return report;
  }

  /** One claimed row: extract, ask, parse, store. Never throws for the row's own failures. */
  private async process(row: AnalysisRow, signal?: AbortSignal): Promise<Outcome> {
    const file = await this.d.files.findLive(row.userId, row.fileId);
    if (!file) {
      // Binned (or gone) since it was claimed: it waits, and is analysed if restored.
      await this.d.repo.release(row.id);
      return 'released';
    }
    let extracted: Awaited<ReturnType<typeof extractFileText>>;
    try {
      extracted = await extractFileText(this.d.storage, file);
    } catch (err) {
      if (err instanceof UnreadableFileError) {
        await this.d.repo.markUnsupported(row.id, err.message);
        return 'unsupported';
      }
      this.d.log.error({ err, fileId: row.fileId }, 'analysis: reading the file failed');
      return this.failTry(row, 'The file could not be read from storage');
    }
    const kind = readableKind(file.name, file.mimeType) ?? 'text';
    let reply: Awaited<ReturnType<AiRouter['generate']>>;
    try {
      reply = await this.d.router.generate({
        userId: row.userId,
        system: ANALYSIS_SYSTEM_PROMPT,
        prompt: analysisPrompt({ name: file.name, kind, truncated: extracted.truncated }, extracted.text),
        provider: 'ollama',
        operation: 'analysis',
        json: true,
        temperature: 0.2,
        maxTokens: 1200,
        signal,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'AI_NO_PROVIDERS') {
        await this.d.repo.release(row.id);
        return 'stop';
      }
      if (err instanceof AppError && err.statusCode === 402) {
        await this.d.repo.fail(row.id, err.message, ANALYSIS_MAX_TRIES, true);
        return 'failed';
      }
      if (signal?.aborted) {
        await this.d.repo.release(row.id);
        return 'released';
      }
      if (!(err instanceof AppError))
        this.d.log.error({ err, fileId: row.fileId }, 'analysis: model call failed');
      return this.failTry(row, err instanceof AppError ? err.message : 'The AI call failed');
    }
    try {
      const parsed = parseAnalysisReply(reply.text);
      await this.d.repo.complete(row.id, {
        ...parsed,
        model: reply.model,
        provider: reply.provider,
        charsAnalyzed: extracted.charsAnalyzed,
        truncated: extracted.truncated,
      });
      return 'completed';
    } catch (err) {
      if (err instanceof AnalysisReplyError) return this.failTry(row, err.message);
      throw err;
    }
  }

  private async failTry(row: AnalysisRow, message: string): Promise<Outcome> {
    const status = await this.d.repo.fail(row.id, message, ANALYSIS_MAX_TRIES);
    return status === 'failed' ? 'failed' : 'retried';
  }
}
