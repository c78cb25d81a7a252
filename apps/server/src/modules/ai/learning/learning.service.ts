import {
  LEARNING_LIMITS,
  LEARNING_MESSAGES,
  type LearningCycle,
  type LearningFeedbackBody,
  type LearningImprovement,
  type LearningMetrics,
  type LearningProgress,
  type LearningStatus,
} from '@stratos/contracts/ai/learning.schema';
import type { Db } from '../../../db/client';
import { JobRunsRepository } from '../../../jobs/job-runs.repository';
import { readLeasedRun, withLeasedRun } from '../../../jobs/leased-run';
import { AppError, conflict, forbidden, notFound } from '../../../lib/app-error';
import type { DataActor } from '../knowledge/knowledge-access';
import { classifyDomain } from '../knowledge/retrieval-domain';
import type { AiRequest, AiResult } from '../providers/ai-request';
import { LearningRepository } from './learning.repository';
import { learningRateFor, ratingFigures } from './learning-analysis';
import { runLearningCycle } from './learning-cycle';
import { LearningQueueRepository } from './learning-queue.repository';
import { compareInteractions, progressOf } from './learning-success';
import { enhancedView, exponentialView, toCycle, toImprovement } from './learning-views';

/** The lease row that makes cycles one at a time across processes; the scheduled job's own name. */
export const LEARNING_CYCLE_LEASE = 'ai.learning.cycle';
export const LEARNING_JOB = 'ai.learning';
/** Applied guidance added to one prompt at most. */
const MAX_GUIDANCE = 5;
/** Guidance read per domain is cached this long in a process; applying or reverting here clears it. */
const GUIDANCE_TTL_MS = 5000;
/** How often a cycle's progress is written to its lease row for the other processes. */
const PROGRESS_WRITE_MS = 250;

export interface LearningServiceOptions {
  db: Db;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  generate: (req: AiRequest) => Promise<AiResult>;
  /** The local model's connection test (the Ollama provider check). */
  checkOllama: () => Promise<{ available: boolean; error: string | null }>;
  addKnowledge: (
    actor: DataActor,
    records: Array<Record<string, unknown> & { id: string }>,
  ) => Promise<string[]>;
  analysePauseMs?: number;
  leaseMs?: number;
}

type Listener = (p: LearningProgress) => void;

/** The active learning loop (part 2 sections 4, 5, 9; issue 17). Callers are superadmins (the routes check). */
export class LearningService {
  readonly repo: LearningRepository;
  private readonly leases: JobRunsRepository;
  private readonly queue: LearningQueueRepository;
  private readonly listeners = new Set<Listener>();
  private readonly leaseMs: number;
  /** Pause between model analyses (section 9: 1 s); tests set 0. */
  analysePauseMs: number;
  private guidanceCache = new Map<string, { at: number; lines: string[] }>();

  constructor(private readonly o: LearningServiceOptions) {
    this.repo = new LearningRepository(o.db);
    this.leases = new JobRunsRepository(o.db);
    this.queue = new LearningQueueRepository(o.db);
    this.leaseMs = o.leaseMs ?? 30_000;
    this.analysePauseMs = o.analysePauseMs ?? 1000;
  }

  async status(): Promise<LearningStatus> {
    const [settings, last, running, job, metrics, queue] = await Promise.all([
      this.repo.settings(),
      this.repo.cycles(1),
      this.running(),
      this.leases.get(LEARNING_JOB),
      this.metrics(),
      this.queue.pending(),
    ]);
    const on = settings.enabled && !settings.killSwitch;
    const due = job?.lastStartedAt
      ? job.lastStartedAt.getTime() + LEARNING_LIMITS.cycleIntervalMs
      : Date.now();
    return {
      enabled: settings.enabled,
      killSwitch: settings.killSwitch,
      running: running !== null,
      progress: running,
      startedAt: settings.startedAt?.toISOString() ?? null,
      lastCycle: last[0] ? toCycle(last[0]) : null,
      nextCycleAt: on ? new Date(Math.max(due, Date.now())).toISOString() : null,
      intervalMs: LEARNING_LIMITS.cycleIntervalMs,
      metrics,
      queue: { waiting: queue.waiting, oldestQueuedAt: queue.oldestQueuedAt?.toISOString() ?? null },
    };
  }

  /** Off -> on once the local model's connection test passes (section 4). */
  async start(actor: DataActor): Promise<LearningStatus> {
    await this.refuseWhenDisabled();
    const check = await this.o.checkOllama();
    if (!check.available) {
      throw new AppError(503, 'OLLAMA_UNAVAILABLE', LEARNING_MESSAGES.ollamaUnavailable, {
        reason: check.error,
      });
    }
    await this.repo.updateSettings({ enabled: true, startedAt: new Date(), startedBy: actor.id });
    return this.status();
  }

  async stop(): Promise<LearningStatus> {
    await this.repo.updateSettings({ enabled: false });
    return this.status();
  }

  async setKillSwitch(disabled: boolean): Promise<LearningStatus> {
    await this.repo.updateSettings({ killSwitch: disabled });
    this.guidanceCache.clear();
    return this.status();
  }

  /** One cycle now, waited for: 403 while disabled, 409 while another runs anywhere. */
  async runCycle(
    actor: DataActor,
    trigger: 'manual' | 'schedule',
    signal?: AbortSignal,
  ): Promise<LearningCycle> {
    await this.refuseWhenDisabled();
    return this.underLease(async (report) => {
      await this.repo.failInterrupted();
      const cycle = await this.repo.createCycle(trigger);
      const started = Date.now();
      try {
        const fields = await runLearningCycle(
          {
            repo: this.repo,
            generate: this.o.generate,
            addKnowledge: this.o.addKnowledge,
            analysePauseMs: this.analysePauseMs,
            log: this.o.log,
          },
          { cycle, actor, report, signal },
        );
        const row = await this.repo.finishCycle(cycle.id, {
          ...fields,
          status: 'succeeded',
          durationMs: Date.now() - started,
        });
        this.emit(progressOf(row, 'succeeded'));
        return toCycle(row);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const row = await this.repo
          .finishCycle(cycle.id, {
            status: 'failed',
            error: message.slice(0, 2000),
            durationMs: Date.now() - started,
          })
          .catch(() => null);
        if (row) this.emit(progressOf(row, 'failed'));
        throw err;
      }
    });
  }

  /** The scheduled run: nothing while learning is off or the kill switch is on, or a cycle runs. */
  async scheduledCycle(signal?: AbortSignal): Promise<LearningCycle | null> {
    const s = await this.repo.settings();
    if (!s.enabled || s.killSwitch || !s.startedBy) return null;
    const actor: DataActor = { id: s.startedBy, email: '', role: 'superadmin', permissions: [] };
    try {
      return await this.runCycle(actor, 'schedule', signal);
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 409 || err.statusCode === 403)) return null;
      throw err;
    }
  }

  async cycles(limit: number): Promise<LearningCycle[]> {
    return (await this.repo.cycles(limit)).map(toCycle);
  }

  /** The latest 50 suggestions, newest first; applied ones with their before/after comparison. */
  async improvements(): Promise<LearningImprovement[]> {
    const rows = await this.repo.suggestions(LEARNING_LIMITS.maxSuggestions);
    return Promise.all(
      rows.map(async (r) => {
        const view = toImprovement(r);
        if (!r.appliedAt || !view.active) return view;
        return {
          ...view,
          successMetrics: await compareInteractions(this.repo, r.appliedAt, null, view.domain),
        };
      }),
    );
  }

  async apply(id: string): Promise<LearningImprovement> {
    const row = await this.repo.improvement(id);
    if (!row) throw notFound(LEARNING_MESSAGES.improvementNotFound, 'IMPROVEMENT_NOT_FOUND');
    if (row.suggestion?.active) throw conflict(LEARNING_MESSAGES.alreadyApplied, 'ALREADY_APPLIED');
    const domain = toImprovement(row).domain;
    const now = new Date();
    const metrics = await compareInteractions(this.repo, now, null, domain);
    await this.repo.apply(id, row.suggestion?.guidance ?? row.description, metrics);
    this.guidanceCache.clear();
    return toImprovement((await this.repo.improvement(id)) ?? row);
  }

  async revert(id: string): Promise<LearningImprovement> {
    const row = await this.repo.improvement(id);
    if (!row) throw notFound(LEARNING_MESSAGES.improvementNotFound, 'IMPROVEMENT_NOT_FOUND');
    if (!row.suggestion?.active || !row.appliedAt)
      throw conflict(LEARNING_MESSAGES.notApplied, 'NOT_APPLIED');
    const metrics = await compareInteractions(
      this.repo,
      row.appliedAt,
      new Date(),
      toImprovement(row).domain,
    );
    await this.repo.revert(id, metrics);
    this.guidanceCache.clear();
    return toImprovement((await this.repo.improvement(id)) ?? row);
  }

  /** Accuracy, response time, satisfaction and learning rate of the last 24 hours' interactions. */
  async metrics(): Promise<LearningMetrics> {
    const since = new Date(Date.now() - LEARNING_LIMITS.metricsWindowHours * 3_600_000);
    const w = await this.repo.windowStats(since, null, null);
    const r = ratingFigures(w.scores);
    return {
      accuracy: r.accuracy,
      responseTime: w.avgResponseTime === null ? null : Number(w.avgResponseTime.toFixed(1)),
      userSatisfaction: r.satisfaction,
      learningRate: learningRateFor(r.satisfaction),
      errorRate: r.errorRate,
      interactions: w.interactions,
      rated: r.rated,
      windowHours: LEARNING_LIMITS.metricsWindowHours,
      measuredAt: new Date().toISOString(),
    };
  }

  async exponential() {
    return exponentialView((await this.repo.finishedCycles()).map(toCycle));
  }

  async enhanced() {
    const [cycles, suggestions] = await Promise.all([
      this.repo.finishedCycles(),
      this.repo.suggestions(LEARNING_LIMITS.maxSuggestions),
    ]);
    return enhancedView(cycles.map(toCycle), suggestions.map(toImprovement));
  }

  /** Manual feedback: blank text is ignored (nothing stored); otherwise unprocessed until a cycle. */
  async feedback(actor: DataActor, body: LearningFeedbackBody) {
    const text = body.text.trim();
    if (!text) return { ignored: true as const, reason: 'blank' as const };
    if (body.interactionId && !(await this.repo.interactionExists(body.interactionId))) {
      throw notFound(LEARNING_MESSAGES.interactionNotFound, 'INTERACTION_NOT_FOUND');
    }
    const rating = body.rating ?? null;
    const sentiment =
      rating === null
        ? 'neutral'
        : rating >= LEARNING_LIMITS.positiveRating
          ? 'positive'
          : rating <= LEARNING_LIMITS.negativeRating
            ? 'negative'
            : 'neutral';
    const row = await this.repo.insertFeedback({
      source: 'console',
      interactionId: body.interactionId ?? null,
      userId: actor.id,
      rating,
      text,
      sentiment,
    });
    if (body.interactionId && rating !== null) await this.repo.rateInteraction(body.interactionId, rating);
    return {
      ignored: false as const,
      feedback: {
        id: row.id,
        text,
        rating,
        sentiment: sentiment as 'positive' | 'negative' | 'neutral',
        interactionId: row.interactionId,
        createdAt: row.createdAt.toISOString(),
      },
    };
  }

  /**
   * What applied improvements add to the assistant's system prompt for this question: the guidance
   * of its retrieval domain and of every domain. Empty while the kill switch is on.
   */
  async guidanceFor(question: string): Promise<string> {
    const domain = classifyDomain(question);
    const cached = this.guidanceCache.get(domain);
    let lines = cached && Date.now() - cached.at < GUIDANCE_TTL_MS ? cached.lines : null;
    if (!lines) {
      const settings = await this.repo.settings();
      lines = settings.killSwitch ? [] : await this.repo.activeGuidance(domain, MAX_GUIDANCE);
      this.guidanceCache.set(domain, { at: Date.now(), lines });
    }
    if (lines.length === 0) return '';
    return `\n\nGuidance learned from user feedback (follow it):\n${lines.map((l) => `- ${l}`).join('\n')}`;
  }

  /** Stores knowledge items through the knowledge module (the per-interaction queue's way in). */
  addKnowledge(actor: DataActor, records: Array<Record<string, unknown> & { id: string }>) {
    return this.o.addKnowledge(actor, records);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The cycle in progress anywhere (its lease row), or null. */
  async running(): Promise<LearningProgress | null> {
    return (await this.progressState()).running;
  }

  async progressState(): Promise<{ running: LearningProgress | null; lastStatus: string | null }> {
    const row = await readLeasedRun<LearningProgress>(this.leases, LEARNING_CYCLE_LEASE);
    const running = row.live && row.lastStatus === 'running' ? row.progress : null;
    return { running, lastStatus: row.lastStatus };
  }

  private async refuseWhenDisabled() {
    if ((await this.repo.settings()).killSwitch)
      throw forbidden(LEARNING_MESSAGES.disabled, 'LEARNING_DISABLED');
  }

  /** Runs `work` holding the cluster-wide cycle lease (409 otherwise), reporting progress. */
  private async underLease<T>(
    work: (report: (p: LearningProgress) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const lease = { leases: this.leases, name: LEARNING_CYCLE_LEASE, leaseMs: this.leaseMs };
    // Listeners here get every event; the lease row (read by other processes every 500 ms) at most
    // every PROGRESS_WRITE_MS, so a fast cycle does not spend its CPU on progress writes.
    const done = await withLeasedRun({ ...lease, progressEveryMs: PROGRESS_WRITE_MS }, (run) =>
      work(async (p) => {
        if (run.lost) throw new Error('The learning cycle lease was lost');
        this.emit(p);
        await run.report(() => JSON.stringify(p));
      }),
    );
    if (!done) throw conflict(LEARNING_MESSAGES.cycleRunning, 'CYCLE_IN_PROGRESS');
    return done.value;
  }

  private emit(p: LearningProgress) {
    for (const listener of this.listeners) listener({ ...p });
  }
}
