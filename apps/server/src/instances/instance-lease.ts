import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import { InstancesRepository } from './instances.repository';

/**
 * What one module gives back for processes found dead: `lapsed` are their ids; `live` the ids of
 * processes alive when the sweep began (anything not among them is not alive), and `liveAt` that
 * moment (an object written after it may belong to a process that registered since).
 */
export type LapseHandler = (sweep: {
  lapsed: string[];
  live: ReadonlySet<string>;
  liveAt: Date;
}) => Promise<void>;

interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface InstanceLeaseOptions {
  db: Db;
  log: Logger;
  /** How long the lease lasts without a heartbeat. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How often dead processes are looked for (besides at start). */
  sweepMs?: number;
  /** Overrides for tests. */
  host?: string;
  pid?: number;
  isAlive?: (pid: number) => boolean;
}

export const DEFAULT_LEASE_MS = 60_000;

/** A PID means something only on its host and in its PID namespace (containers have their own). */
export function hostIdentity(): string {
  let ns = '';
  try {
    ns = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux: the host name alone.
  }
  return ns ? `${hostname()}/${ns}` : hostname();
}

/** True unless the process is known not to exist (ESRCH); EPERM means it exists. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * This process's lease in `server_instances`, and the sweep that gives back what dead processes
 * held. At start the process registers, and any process registered from the same host whose PID
 * no longer exists (a crash, a SIGKILL) is taken for dead at once; elsewhere a process is dead
 * once its lease lapses (no heartbeat for `leaseMs`). Each module says what to give back through
 * `onLapsed`: upload quota reservations, temporary upload objects, credit holds. Handlers must be
 * idempotent: several processes may sweep the same dead one.
 */
export class InstanceLease {
  readonly id = randomUUID();
  private readonly repo: InstancesRepository;
  private readonly handlers = new Map<string, LapseHandler>();
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly sweepMs: number;
  private readonly host: string;
  private readonly pid: number;
  private readonly isAlive: (pid: number) => boolean;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastSweep = 0;
  private sweeping: Promise<void> | null = null;
  private started = false;

  constructor(private readonly opts: InstanceLeaseOptions) {
    this.repo = new InstancesRepository(opts.db);
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeatMs = opts.heartbeatMs ?? Math.floor(this.leaseMs / 4);
    this.sweepMs = opts.sweepMs ?? this.leaseMs;
    this.host = opts.host ?? hostIdentity();
    this.pid = opts.pid ?? process.pid;
    this.isAlive = opts.isAlive ?? pidAlive;
    if (this.heartbeatMs >= this.leaseMs) throw new Error('The heartbeat must come before the lease lapses');
  }

  onLapsed(name: string, handler: LapseHandler): void {
    if (this.handlers.has(name)) throw new Error(`A lapse handler "${name}" is already registered`);
    this.handlers.set(name, handler);
  }

  /**
   * Registers this process and ends the leases of dead ones on this host; then, in the
   * background, gives back what every dead process held. Quota and credits a dead process held
   * stop counting as soon as its lease ends, before the sweep deletes them.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.repo.register({ id: this.id, host: this.host, pid: this.pid, leaseMs: this.leaseMs });
    const neighbours = await this.repo.sameHost(this.host, this.id);
    const dead = neighbours.filter((n) => n.pid !== this.pid && !this.isAlive(n.pid));
    await this.repo.expire(dead.map((n) => n.id));
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    this.sweepSoon(true);
  }

  /** Leaves the table: whatever this process still holds becomes anyone's to give back. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.sweeping?.catch(() => {});
    await this.repo.remove(this.id);
  }

  /**
   * Runs a sweep now (after one in progress). Handlers run when some process lapsed, or always
   * with `all` (at start: objects of processes forgotten earlier are given back too).
   */
  async sweep(all = false): Promise<void> {
    await this.sweeping?.catch(() => {});
    const run = this.runSweep(all);
    this.sweeping = run;
    try {
      await run;
    } finally {
      if (this.sweeping === run) this.sweeping = null;
    }
  }

  /** The processes alive now, and when that was read. */
  async liveProcesses(): Promise<{ live: ReadonlySet<string>; liveAt: Date }> {
    const liveAt = new Date();
    const { live } = await this.repo.split();
    return { live: new Set(live), liveAt };
  }

  private sweepSoon(all = false): void {
    this.sweep(all).catch((err) =>
      this.opts.log.warn({ err }, 'could not give back what dead processes held'),
    );
  }

  private async runSweep(all: boolean): Promise<void> {
    this.lastSweep = Date.now();
    const liveAt = new Date();
    const { live, lapsed } = await this.repo.split();
    if (!all && lapsed.length === 0) return;
    const sweep = { lapsed, live: new Set(live), liveAt };
    let failed = false;
    for (const [name, handler] of this.handlers) {
      try {
        await handler(sweep);
      } catch (err) {
        failed = true;
        this.opts.log.warn({ err, handler: name }, 'a lapse handler failed; it runs again at the next sweep');
      }
    }
    if (!failed) await this.repo.forget(lapsed);
    if (lapsed.length > 0) this.opts.log.info(`gave back what ${lapsed.length} stopped process(es) held`);
  }

  private beat(): void {
    this.repo
      .renew(this.id, this.leaseMs)
      .then(async (renewed) => {
        // Taken for dead (a long pause): register again; what was swept meanwhile is gone.
        if (!renewed)
          await this.repo.register({ id: this.id, host: this.host, pid: this.pid, leaseMs: this.leaseMs });
        if (Date.now() - this.lastSweep >= this.sweepMs) this.sweepSoon();
      })
      .catch((err) => this.opts.log.warn({ err }, 'could not renew this process lease'));
  }
}
