import {
  EXTRACTION_MESSAGES,
  EXTRACTION_PAUSES,
  EXTRACTION_PROMPT_TYPES,
  type ExtractionProgress,
  type ExtractionStatus,
} from '@stratos/contracts/ai/extraction.schema';
import type { JobRunsRepository } from '../../../jobs/job-runs.repository';
import { LeasedRun, readLeasedRun } from '../../../jobs/leased-run';
import { AppError, badRequest, conflict } from '../../../lib/app-error';
import type { KnowledgeDataService } from '../knowledge/knowledge-data.service';
import type { AiRouter } from '../providers/ai-router';
import { DOMAINS, type DomainVocabulary } from '../seeding/vocabulary';
import { extractionPrompt, itemsOf } from './extraction-items';

/** The lease row in job_runs that makes extraction one at a time across the cluster. */
export const EXTRACTION_JOB = 'ai.extraction';

/** A pause that ends early when the run is stopped. */
export type Pause = (ms: number, signal: AbortSignal) => Promise<void>;

const abortablePause: Pause = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export interface ExtractionServiceDeps {
  leases: JobRunsRepository;
  router: Pick<AiRouter, 'generate'>;
  knowledge: Pick<KnowledgeDataService, 'storeKnowledge' | 'countKnowledgeFrom'>;
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** Section 9's pauses; tests pass shorter ones. */
  pauses?: { betweenDomainsMs: number; betweenPromptsMs: number };
  pause?: Pause;
  leaseMs?: number;
  /** How often the run looks for a stop asked on another node (ms). */
  stopPollMs?: number;
}

type Listener = (p: ExtractionProgress) => void;

interface Run {
  /** The lease; its signal stops the run (a stop here or on another node, or the lease lost). */
  lease: LeasedRun;
  progress: ExtractionProgress;
  done: Promise<void>;
}

/**
 * Knowledge extraction (part 2 sections 4, 5, 9): asks the model, through the AI router (so
 * whichever provider is available answers, and the call is logged and charged like any other),
 * the five prompt types for each of the 30 domains, with the section 9 pauses; cuts the replies
 * into segments and stores them as knowledge items, skipping those already present. One run at a
 * time cluster-wide (a lease row in job_runs); progress goes to listeners here and to the row.
 */
export class ExtractionService {
  private readonly listeners = new Set<Listener>();
  private readonly pauses;
  private readonly pause: Pause;
  private readonly leaseMs: number;
  private readonly stopPollMs: number;
  private current: Run | null = null;
  /** The last run of this process, once it has ended. */
  private last: ExtractionProgress | null = null;

  constructor(private readonly d: ExtractionServiceDeps) {
    this.pauses = d.pauses ?? EXTRACTION_PAUSES;
    this.pause = d.pause ?? abortablePause;
    this.leaseMs = d.leaseMs ?? 30_000;
    this.stopPollMs = d.stopPollMs ?? 1000;
  }

  /** Starts a run over all domains (or the named ones) in the background; 409 when one runs. */
  async start(userId: string, domainNames?: readonly string[]): Promise<ExtractionStatus> {
    const domains = pickDomains(domainNames);
    // Set once the lease is held: a stop asked on another node shows as 'stopping' until the end.
    let progress: ExtractionProgress | null = null;
    const lease = await LeasedRun.begin({
      leases: this.d.leases,
      name: EXTRACTION_JOB,
      leaseMs: this.leaseMs,
      heartbeatMs: this.stopPollMs,
      watchStop: true,
      onStopRequested: () => {
        if (progress) progress.status = 'stopping';
      },
    });
    if (!lease) throw conflict(EXTRACTION_MESSAGES.alreadyRunning, 'EXTRACTION_IN_PROGRESS');
    progress = {
      isExtracting: true,
      status: 'running',
      currentDomain: null,
      currentPromptType: null,
      domainIndex: 0,
      domainsCompleted: 0,
      totalDomains: domains.length,
      promptsDone: 0,
      totalPrompts: domains.length * EXTRACTION_PROMPT_TYPES.length,
      promptsFailed: 0,
      itemsStored: 0,
      duplicatesSkipped: 0,
      segmentsDropped: 0,
      tokensUsed: 0,
      cost: 0,
      models: [],
      lastError: null,
      startTime: new Date().toISOString(),
      endTime: null,
    };
    const run: Run = { lease, progress, done: Promise.resolve() };
    this.current = run;
    await this.report(run);
    run.done = this.execute(run, userId, domains).catch((err) =>
      this.d.log.error({ err }, 'knowledge extraction failed'),
    );
    return this.status();
  }

  /** Stops the run in progress, here or on another node; 409 when none runs. */
  async stop(): Promise<ExtractionStatus> {
    const run = this.current;
    if (run) {
      if (run.progress.status === 'running') run.progress.status = 'stopping';
      run.lease.abort();
      this.emit(run.progress);
      return this.status();
    }
    if (!(await this.d.leases.requestStop(EXTRACTION_JOB))) {
      throw conflict(EXTRACTION_MESSAGES.notRunning, 'EXTRACTION_NOT_RUNNING');
    }
    return this.status();
  }

  /** The run in progress anywhere (or the last one), the catalogue and how much extraction stored. */
  async status(): Promise<ExtractionStatus> {
    const [progress, extractedItems] = await Promise.all([
      this.progress(),
      this.d.knowledge.countKnowledgeFrom('extraction'),
    ]);
    return {
      isExtracting: progress?.isExtracting ?? false,
      progress,
      domains: DOMAINS.map((d) => ({ domain: d.domain, label: d.label })),
      promptTypes: [...EXTRACTION_PROMPT_TYPES],
      extractedItems,
    };
  }

  /** This process's run, else the lease row's (a live run elsewhere, or how the last one ended). */
  async progress(): Promise<ExtractionProgress | null> {
    if (this.current) return { ...this.current.progress };
    const {
      progress: stored,
      live,
      lastStatus,
    } = await readLeasedRun<ExtractionProgress>(this.d.leases, EXTRACTION_JOB);
    if (!stored) return this.last;
    if (stored.isExtracting && !live) {
      // Its process ended without saying how: the run is over, unfinished.
      return {
        ...stored,
        isExtracting: false,
        status: 'failed',
        lastError: stored.lastError ?? 'Interrupted',
      };
    }
    if (live && lastStatus === 'stopping') return { ...stored, status: 'stopping' };
    return stored;
  }

  /** Progress events of runs in this process, as they happen; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when this process's run (if any) has ended: shutdown and tests wait on it. */
  async idle(): Promise<void> {
    await this.current?.done;
  }

  /** Stops a run of this process and waits for it to end (app shutdown). */
  async shutdown(): Promise<void> {
    this.current?.lease.abort();
    await this.idle();
  }

  private async execute(run: Run, userId: string, domains: readonly DomainVocabulary[]) {
    const { progress, lease } = run;
    // The lease renews itself, and watches for a stop asked on another node, while the run lasts.
    const signal = lease.signal;
    let failure: string | null = null;
    try {
      for (const [i, domain] of domains.entries()) {
        if (signal.aborted) break;
        if (i > 0) await this.pause(this.pauses.betweenDomainsMs, signal);
        progress.currentDomain = domain.domain;
        progress.domainIndex = i + 1;
        for (const [j, promptType] of EXTRACTION_PROMPT_TYPES.entries()) {
          if (j > 0) await this.pause(this.pauses.betweenPromptsMs, signal);
          if (signal.aborted) break;
          progress.currentPromptType = promptType;
          await this.report(run);
          await this.ask(run, userId, domain, promptType);
          // A prompt cut short by a stop is not done.
          if (signal.aborted) break;
          progress.promptsDone++;
          await this.report(run);
        }
        if (signal.aborted) break;
        progress.domainsCompleted++;
      }
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
      progress.lastError = failure;
    } finally {
      progress.isExtracting = false;
      progress.currentDomain = null;
      progress.currentPromptType = null;
      progress.status = failure ? 'failed' : signal.aborted ? 'stopped' : 'succeeded';
      progress.endTime = new Date().toISOString();
      await lease.end(failure ? 'failed' : 'succeeded', failure, JSON.stringify(progress));
      this.last = { ...progress };
      this.current = null;
      this.emit(progress);
    }
  }

  /** One prompt: the model's reply cut into items and stored. A failed call is counted, not fatal. */
  private async ask(
    run: Run,
    userId: string,
    domain: DomainVocabulary,
    promptType: (typeof EXTRACTION_PROMPT_TYPES)[number],
  ) {
    const { progress } = run;
    let reply: Awaited<ReturnType<AiRouter['generate']>>;
    try {
      reply = await this.d.router.generate({
        userId,
        prompt: extractionPrompt(domain, promptType),
        operation: 'extraction',
        temperature: 0.7,
        maxTokens: 1000,
        signal: run.lease.signal,
      });
    } catch (err) {
      if (run.lease.signal.aborted) return;
      // Without any provider (or allowance) no later prompt can be answered either: end the run.
      if (err instanceof AppError && (err.code === 'AI_NO_PROVIDERS' || err.statusCode === 429)) throw err;
      progress.promptsFailed++;
      progress.lastError = err instanceof Error ? err.message : String(err);
      return;
    }
    progress.tokensUsed += reply.usage.totalTokens;
    progress.cost = Math.round((progress.cost + reply.cost) * 1e8) / 1e8;
    if (!progress.models.includes(reply.model)) progress.models.push(reply.model);
    const { items, dropped } = itemsOf(reply.text, domain, promptType, reply.model);
    progress.segmentsDropped += dropped;
    const { inserted, skipped } = await this.d.knowledge.storeKnowledge(items);
    progress.itemsStored += inserted;
    progress.duplicatesSkipped += skipped;
  }

  /** Tells listeners here and writes the lease row for the other nodes (a lost lease stops the run). */
  private async report(run: Run) {
    this.emit(run.progress);
    await run.lease.report(JSON.stringify(run.progress), true);
  }

  private emit(p: ExtractionProgress) {
    const copy = { ...p, models: [...p.models] };
    for (const listener of this.listeners) listener(copy);
  }
}

/** The named domains in the catalogue's order (400 for a name not in it), or all 30. */
function pickDomains(names?: readonly string[]): readonly DomainVocabulary[] {
  if (!names) return DOMAINS;
  for (const n of names) {
    if (!DOMAINS.some((d) => d.domain === n)) throw badRequest(EXTRACTION_MESSAGES.unknownDomain(n));
  }
  return DOMAINS.filter((d) => names.includes(d.domain));
}
