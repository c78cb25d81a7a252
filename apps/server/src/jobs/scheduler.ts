import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import type { JobDefinition } from './job';
import { JobRunsRepository } from './job-runs.repository';

export interface SchedulerLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SchedulerOptions {
  db: Db;
  log: SchedulerLog;
  /** This process's identity in job_runs.lease_owner; unique per process by default. */
  nodeId?: string;
  /** How often this node asks for each job's lease and checks whether it is due. */
  pollMs?: number;
  /** How long a lease lasts unless renewed; a crashed node's jobs move after this. */
  leaseMs?: number;
  /** Delay before the first poll after `start()`, so start-up is not slowed down. */
  firstPollMs?: number;
  /** Told of every run this node carried out (metrics). */
  onRun?: (job: string, ok: boolean, seconds: number) => void;
}

export class DuplicateJobError extends Error {
  constructor(name: string) {
    super(`Two job handlers are registered under the name "${name}"; each job has exactly one.`);
    this.name = 'DuplicateJobError';
  }
}

type AnyJob = JobDefinition<unknown>;

/**
 * Runs periodic jobs on whichever API process holds each job's lease in job_runs, so a job runs
 * once per interval however many processes are up. Every node polls; the holder renews its lease
 * at each poll and while a run is in progress; when it stops (or dies) another node takes over.
 */
export class JobScheduler {
  readonly nodeId: string;
  private readonly repo: JobRunsRepository;
  private readonly log: SchedulerLog;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly firstPollMs: number;
  private readonly onRun: SchedulerOptions['onRun'];
  private readonly jobs = new Map<string, AnyJob>();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private started = false;

  constructor(opts: SchedulerOptions) {
    this.repo = new JobRunsRepository(opts.db);
    this.log = opts.log;
    this.nodeId = opts.nodeId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.pollMs = opts.pollMs ?? 60_000;
    this.leaseMs = opts.leaseMs ?? Math.max(3 * this.pollMs, 30_000);
    this.firstPollMs = opts.firstPollMs ?? 5_000;
    this.onRun = opts.onRun;
    if (this.leaseMs <= this.pollMs) throw new Error('The job lease must outlast the poll interval');
  }

  /** Adds a job; refuses a second handler for a name, which stops the app from starting. */
  register<P>(job: JobDefinition<P>): void {
    if (!job.name || typeof job.handler !== 'function') throw new Error('A job needs a name and a handler');
    if (!(job.intervalMs > 0)) throw new Error(`Job "${job.name}" needs a positive interval`);
    if (this.jobs.has(job.name)) throw new DuplicateJobError(job.name);
    const parsed = job.payload.safeParse(job.defaultPayload);
    if (!parsed.success) throw new Error(`Job "${job.name}": its default payload does not match its schema`);
    this.jobs.set(job.name, job as AnyJob);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(this.firstPollMs);
  }

  /**
   * One poll: for each job, take or renew the lease and, when the job is due, run it (awaited).
   * Returns the names of the jobs that ran. Tests call this directly instead of `start()`.
   */
  async tick(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (this.running.has(job.name)) continue;
      const lease = await this.repo.acquire(job.name, this.nodeId, this.leaseMs, job.intervalMs);
      if (!lease?.due) continue;
      if (await this.execute(job, job.defaultPayload)) ran.push(job.name);
    }
    return ran;
  }

  /**
   * Runs a job now with a given payload (validated), if this node can take its lease and it is not
   * already running here. Resolves true when it ran (whether the handler succeeded or not).
   */
  async runNow<P>(job: JobDefinition<P> | string, payload?: unknown): Promise<boolean> {
    const name = typeof job === 'string' ? job : job.name;
    const registered = this.jobs.get(name);
    if (!registered) throw new Error(`No job named "${name}"`);
    const input = registered.payload.parse(payload === undefined ? registered.defaultPayload : payload);
    if (this.running.has(name)) return false;
    const lease = await this.repo.acquire(name, this.nodeId, this.leaseMs, registered.intervalMs);
    if (!lease) return false;
    return this.execute(registered, input);
  }

  /** Stops polling, aborts runs in progress, waits for them and gives up this node's leases. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const r of this.running.values()) r.controller.abort();
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
    await this.loop?.catch(() => {});
    for (const name of this.jobs.keys()) {
      await this.repo
        .release(name, this.nodeId)
        .catch((err) => this.log.error({ err, job: name }, 'lease release failed'));
    }
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      this.loop = this.tick()
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, 'job poll failed'))
        .finally(() => {
          this.loop = null;
          if (this.started) this.schedule(this.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async execute(job: AnyJob, payload: unknown): Promise<boolean> {
    if (!(await this.repo.start(job.name, this.nodeId))) return false;
    const controller = new AbortController();
    const lost = () => {
      if (!controller.signal.aborted) {
        this.log.error({ job: job.name }, 'job lease lost; stopping the run');
        controller.abort();
      }
    };
    const heartbeat = setInterval(
      () => {
        this.repo.renew(job.name, this.nodeId, this.leaseMs).then((held) => held || lost(), lost);
      },
      Math.floor(this.leaseMs / 3),
    );
    heartbeat.unref();
    const started = Date.now();
    let finished!: () => void;
    this.running.set(job.name, { controller, done: new Promise<void>((resolve) => (finished = resolve)) });
    try {
      await job.handler(payload, {
        signal: controller.signal,
        progress: async (message) => {
          if (!(await this.repo.progress(job.name, this.nodeId, message, this.leaseMs))) lost();
        },
      });
      await this.repo.finish(job.name, this.nodeId, 'succeeded', null);
      this.log.info({ job: job.name, ms: Date.now() - started }, 'job finished');
      this.onRun?.(job.name, true, (Date.now() - started) / 1000);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: job.name }, 'job failed');
      this.onRun?.(job.name, false, (Date.now() - started) / 1000);
      await this.repo.finish(job.name, this.nodeId, 'failed', message.slice(0, 2000)).catch(() => {});
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.name);
      finished();
    }
    return true;
  }
}
