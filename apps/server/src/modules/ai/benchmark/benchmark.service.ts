import { performance } from 'node:perf_hooks';
import {
  BENCHMARK_MESSAGES,
  type BenchmarkPrompt,
  type BenchmarkRunDetail,
  type BenchmarkRunsReply,
} from '@stratos/contracts/ai/benchmark.schema';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict, notFound } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/pg-error';
import { assessQuality } from '../chat/quality';
import type { AiRouter } from '../providers/ai-router';
import { isCallable } from '../providers/provider-choice';
import type { ProvidersService } from '../providers/providers.service';
import type { BenchmarkRepository, NewResultRow, RunRow } from './benchmark.repository';
import { BENCHMARK_MAX_TOKENS, BENCHMARK_PROMPTS, BENCHMARK_TEMPERATURE } from './benchmark-prompts';
import { resultView, runView, summarise } from './benchmark-view';

/**
 * A run still marked running with no new result for this long lost its process: one prompt takes
 * at most the provider chain's timeouts (seconds to a few minutes), and a run in this process is
 * never taken for lost.
 */
export const BENCHMARK_STALE_MS = 10 * 60_000;

export interface BenchmarkDeps {
  repo: BenchmarkRepository;
  providers: Pick<ProvidersService, 'list'>;
  router: Pick<AiRouter, 'stream'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Calls a run cannot go on after: the user's allowance or credits are spent. */
const stopsRun = (err: unknown) => err instanceof AppError && err.statusCode === 402;
const elapsed = (since: number) => Math.round(performance.now() - since);

/**
 * Benchmarks (issue 17): the fixed prompt set against each provider available to the user, one
 * provider and prompt at a time, through the AI router as any call (logged with operation
 * 'benchmark', counted against the user's allowance, charged to prepaid credits). Each reply is
 * measured (time to first text, time to the whole reply, tokens, cost) and judged by the chat's
 * quality classifier; results are stored as they come, so a run's progress is its result count.
 * Any ai:read user may run one on their own allowance; one run at a time per user.
 */
export class BenchmarkService {
  private readonly live = new Map<string, { abort: AbortController; done: Promise<void> }>();

  constructor(private readonly d: BenchmarkDeps) {}

  prompts(): readonly BenchmarkPrompt[] {
    return BENCHMARK_PROMPTS;
  }

  async start(userId: string): Promise<BenchmarkRunDetail> {
    const providers = (await this.d.providers.list(userId))
      .filter((p) => isCallable(p.id) && p.enabled && p.status === 'available' && p.cooldownUntil === null)
      .map((p) => p.id);
    if (providers.length === 0) throw new AppError(503, 'AI_NO_PROVIDERS', BENCHMARK_MESSAGES.noProviders);
    await this.failStale(userId);
    let run: RunRow;
    try {
      run = await this.d.repo.insertRun(userId, providers, providers.length * BENCHMARK_PROMPTS.length);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(BENCHMARK_MESSAGES.alreadyRunning, 'BENCHMARK_RUNNING');
      throw err;
    }
    const abort = new AbortController();
    const done = this.execute(run, userId, abort.signal)
      .catch(async (err) => {
        this.d.log.warn({ err, runId: run.id }, 'benchmark run failed');
        await this.d.repo.finish(run.id, 'failed', BENCHMARK_MESSAGES.interrupted).catch(() => {});
      })
      .finally(() => this.live.delete(run.id));
    this.live.set(run.id, { abort, done });
    return { ...runView(run, 0), results: [], summary: summarise(run, []) };
  }

  private async execute(run: RunRow, userId: string, signal: AbortSignal): Promise<void> {
    for (const provider of run.providers) {
      for (const prompt of BENCHMARK_PROMPTS) {
        if (signal.aborted) {
          await this.d.repo.finish(run.id, 'failed', BENCHMARK_MESSAGES.interrupted);
          return;
        }
        const { row, stop } = await this.measure(run.id, userId, provider, prompt, signal);
        await this.d.repo.addResult(row);
        if (stop) {
          await this.d.repo.finish(run.id, 'failed', stop);
          return;
        }
      }
    }
    await this.d.repo.finish(run.id, 'completed', null);
  }

  /** One prompt against one provider, measured; `stop` when the run cannot go on. */
  private async measure(
    runId: string,
    userId: string,
    provider: string,
    prompt: BenchmarkPrompt,
    signal: AbortSignal,
  ): Promise<{ row: NewResultRow; stop: string | null }> {
    const base = { runId, provider, promptId: prompt.id, category: prompt.category };
    const started = performance.now();
    try {
      const s = await this.d.router.stream({
        userId,
        prompt: prompt.prompt,
        provider,
        operation: 'benchmark',
        temperature: BENCHMARK_TEMPERATURE,
        maxTokens: BENCHMARK_MAX_TOKENS,
        signal,
      });
      // The router resolves once the first text has arrived.
      const firstTokenMs = elapsed(started);
      let text = '';
      for await (const piece of s.textStream) text += piece;
      const r = await s.result;
      const latencyMs = elapsed(started);
      const q = assessQuality(prompt.prompt, r.text || text);
      const own = r.provider === provider;
      return {
        row: {
          ...base,
          model: r.model,
          success: own,
          error: own
            ? null
            : `${s.failed.find((f) => f.provider === provider)?.error ?? `${provider} failed`} (answered by ${r.provider})`,
          answeredBy: r.provider,
          latencyMs,
          firstTokenMs,
          promptTokens: r.usage.promptTokens,
          completionTokens: r.usage.completionTokens,
          tokens: r.usage.totalTokens,
          cost: r.cost,
          quality: own ? q.category : 'error',
          qualityScore: own ? q.score : null,
        },
        stop: null,
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return {
        row: {
          ...base,
          model: null,
          success: false,
          error: message,
          answeredBy: null,
          latencyMs: elapsed(started),
          firstTokenMs: null,
          quality: 'error',
          qualityScore: null,
        },
        stop: stopsRun(err) ? message : null,
      };
    }
  }

  async run(userId: string, runId: string): Promise<BenchmarkRunDetail> {
    const run = await this.d.repo.run(userId, runId);
    if (!run) throw notFound(BENCHMARK_MESSAGES.notFound, 'BENCHMARK_NOT_FOUND');
    const results = await this.d.repo.results([run.id]);
    return {
      ...runView(run, results.length),
      results: results.map(resultView),
      summary: summarise(run, results),
    };
  }

  private failStale(userId: string): Promise<void> {
    const before = new Date(Date.now() - BENCHMARK_STALE_MS);
    return this.d.repo.failStale(userId, before, [...this.live.keys()], BENCHMARK_MESSAGES.interrupted);
  }

  async list(userId: string, limit: number): Promise<BenchmarkRunsReply['data']> {
    // A run whose process went away shows as stopped, and no longer blocks a new one.
    await this.failStale(userId);
    const runs = await this.d.repo.runs(userId, limit);
    const results = await this.d.repo.results(runs.map((r) => r.id));
    return {
      runs: runs.map((run) => {
        const mine = results.filter((r) => r.runId === run.id);
        return { ...runView(run, mine.length), summary: summarise(run, mine) };
      }),
      prompts: [...BENCHMARK_PROMPTS],
    };
  }

  /** Stops the runs of this process (app shutdown): each is marked interrupted. */
  async close(): Promise<void> {
    const all = [...this.live.values()];
    for (const r of all) r.abort.abort();
    await Promise.all(all.map((r) => r.done));
  }
}
