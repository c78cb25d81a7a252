import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobRunsRepository } from './job-runs.repository';

type Leases = Pick<
  JobRunsRepository,
  'acquire' | 'start' | 'renew' | 'progress' | 'finish' | 'release' | 'get'
>;

export interface LeasedRunOptions {
  leases: Leases;
  /** The job_runs row: one run of this name at a time across the cluster. */
  name: string;
  /** How long the lease lasts unless renewed: a crashed process's run frees it after this. */
  leaseMs: number;
  /** How often the lease is renewed (and, with `watchStop`, the row looked at); default leaseMs / 3. */
  heartbeatMs?: number;
  /** Progress writes closer together than this are skipped unless forced; default 0 (every one). */
  progressEveryMs?: number;
  /**
   * Also read the row at every heartbeat: a stop asked on another node (lastStatus 'stopping',
   * JobRunsRepository.requestStop) or the lease taken over aborts `signal`.
   */
  watchStop?: boolean;
  /** Told once when another node asked the run to stop (before `signal` aborts). */
  onStopRequested?: () => void;
  now?: () => number;
}

/** This process, in lease owners: a run's owner adds a fresh id, so a second run here is refused too. */
const NODE = `${hostname()}:${process.pid}`;

/**
 * One run holding a job_runs lease, the lifecycle seeding and extraction share: acquire and mark
 * started (`begin`, null when another run holds it), a heartbeat that renews the lease, throttled
 * progress writes that other processes read, and `end` (final progress, status, release). Losing
 * the lease, a stop from another node (with `watchStop`) or `abort()` here abort `signal`.
 */
export class LeasedRun {
  private readonly controller = new AbortController();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly now: () => number;
  private lastWrite = Number.NEGATIVE_INFINITY;
  private lostLease = false;
  private ended = false;

  private constructor(
    private readonly o: LeasedRunOptions,
    readonly owner: string,
  ) {
    this.now = o.now ?? Date.now;
    this.heartbeat = setInterval(() => this.beat(), o.heartbeatMs ?? Math.floor(o.leaseMs / 3));
    this.heartbeat.unref();
  }

  /** Takes the lease and marks the run started; null when another run (anywhere) holds it. */
  static async begin(o: LeasedRunOptions): Promise<LeasedRun | null> {
    const owner = `${NODE}:${randomUUID()}`;
    const lease = await o.leases.acquire(o.name, owner, o.leaseMs, 0);
    if (!lease || !(await o.leases.start(o.name, owner))) return null;
    return new LeasedRun(o, owner);
  }

  /** Aborted when the lease is lost, another node asked to stop, or `abort()` was called. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether another run took the lease (a heartbeat or a progress write found it gone). */
  get lost(): boolean {
    return this.lostLease;
  }

  /** Stops the run from this process. */
  abort(): void {
    this.controller.abort();
  }

  /**
   * Writes progress for other processes (renewing the lease) unless the last write was less than
   * progressEveryMs ago and `force` is false; a function is only called when it is written. False
   * when the lease is lost.
   */
  async report(progress: string | (() => string), force = false): Promise<boolean> {
    if (this.lostLease) return false;
    const at = this.now();
    if (!force && at - this.lastWrite < (this.o.progressEveryMs ?? 0)) return true;
    this.lastWrite = at;
    const message = typeof progress === 'function' ? progress() : progress;
    const held = await this.o.leases.progress(this.o.name, this.owner, message, this.o.leaseMs);
    if (!held) this.lose();
    return held;
  }

  /**
   * Ends the run: its last progress (when given), its status and error (cut to 2,000 characters),
   * then the lease given up. Never throws: a row left behind expires with its lease.
   */
  async end(status: 'succeeded' | 'failed', error: string | null = null, progress?: string): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    const { leases, name, leaseMs } = this.o;
    if (progress !== undefined) await leases.progress(name, this.owner, progress, leaseMs).catch(() => {});
    await leases
      .finish(name, this.owner, status, error === null ? null : error.slice(0, 2000))
      .catch(() => {});
    await leases.release(name, this.owner).catch(() => {});
  }

  private lose() {
    this.lostLease = true;
    this.controller.abort();
  }

  private beat() {
    const { leases, name, leaseMs } = this.o;
    leases.renew(name, this.owner, leaseMs).then(
      (held) => {
        if (!held && !this.ended) this.lose();
      },
      () => {},
    );
    if (!this.o.watchStop) return;
    leases.get(name).then(
      (row) => {
        if (this.ended) return;
        if (row?.leaseOwner !== this.owner) this.lose();
        else if (row.lastStatus === 'stopping' && !this.signal.aborted) {
          this.o.onStopRequested?.();
          this.controller.abort();
        }
      },
      () => {},
    );
  }
}

/**
 * Runs `work` under a lease, as seeding's and learning's runs do: null when another run holds it
 * (the caller answers 409); the run ends 'succeeded' with work's value, or 'failed' with its error
 * message, which is thrown on. `work` gets the run (report, signal, lost).
 */
export async function withLeasedRun<T>(
  o: LeasedRunOptions,
  work: (run: LeasedRun) => Promise<T>,
): Promise<{ value: T } | null> {
  const run = await LeasedRun.begin(o);
  if (!run) return null;
  try {
    const value = await work(run);
    await run.end('succeeded');
    return { value };
  } catch (err) {
    await run.end('failed', err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** What the lease row says of a job: its stored progress (parsed), whether a run holds it now, and its status. */
export async function readLeasedRun<P>(
  leases: Pick<JobRunsRepository, 'get'>,
  name: string,
  now: () => number = Date.now,
): Promise<{ progress: P | null; live: boolean; lastStatus: string | null }> {
  const row = await leases.get(name);
  const live = Boolean(row?.leaseOwner && row.leaseUntil && row.leaseUntil.getTime() >= now());
  let progress: P | null = null;
  try {
    progress = row?.progress ? (JSON.parse(row.progress) as P) : null;
  } catch {
    progress = null;
  }
  return { progress, live, lastStatus: row?.lastStatus ?? null };
}
