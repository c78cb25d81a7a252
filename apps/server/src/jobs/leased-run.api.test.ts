import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../db/client';
import { jobRuns } from '../db/schema/index';
import { JobRunsRepository } from './job-runs.repository';
import { LeasedRun, type LeasedRunOptions, readLeasedRun, withLeasedRun } from './leased-run';

let database: Database;
let dispose: () => Promise<void>;
let leases: JobRunsRepository;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  leases = new JobRunsRepository(database.db);
});
afterAll(() => dispose());

let n = 0;
/** Options for a job of its own per test; the heartbeat only where a test asks for it. */
const options = (over: Partial<LeasedRunOptions> = {}): LeasedRunOptions => ({
  leases,
  name: `leased-run-test-${++n}`,
  leaseMs: 60_000,
  heartbeatMs: 3_600_000,
  ...over,
});
const row = async (name: string) =>
  (await database.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];
/** Another node takes the lease over (as if this one's had expired). */
const steal = (name: string) =>
  database.db.update(jobRuns).set({ leaseOwner: 'another-node' }).where(eq(jobRuns.name, name));

describe('LeasedRun', () => {
  it('holds the lease, refuses a second run, shares progress, and frees the lease at the end', async () => {
    const o = options();
    const run = await LeasedRun.begin(o);
    expect(run).not.toBeNull();
    if (!run) return;
    expect(await LeasedRun.begin(o)).toBeNull();
    expect(await readLeasedRun(leases, o.name)).toEqual({
      progress: null,
      live: true,
      lastStatus: 'running',
    });

    expect(await run.report(JSON.stringify({ done: 3 }))).toBe(true);
    expect(await readLeasedRun(leases, o.name)).toEqual({
      progress: { done: 3 },
      live: true,
      lastStatus: 'running',
    });

    await run.end('succeeded', null, JSON.stringify({ done: 4 }));
    expect(await readLeasedRun(leases, o.name)).toEqual({
      progress: { done: 4 },
      live: false,
      lastStatus: 'succeeded',
    });
    expect((await row(o.name))?.lastFinishedAt).toBeInstanceOf(Date);
    // Free again; the next run starts with no progress.
    const next = await LeasedRun.begin(o);
    expect(next).not.toBeNull();
    expect((await readLeasedRun(leases, o.name)).progress).toBeNull();
    await next?.end('succeeded');
  });

  it('skips progress writes closer than progressEveryMs unless forced, building the text only when written', async () => {
    let now = 1_000;
    const o = options({ progressEveryMs: 250, now: () => now });
    const run = await LeasedRun.begin(o);
    if (!run) throw new Error('no lease');
    const built: string[] = [];
    const message = (m: string) => () => {
      built.push(m);
      return JSON.stringify(m);
    };
    await run.report(message('a'));
    now += 100;
    expect(await run.report(message('b'))).toBe(true);
    expect((await readLeasedRun(leases, o.name)).progress).toBe('a');
    await run.report(message('c'), true);
    expect((await readLeasedRun(leases, o.name)).progress).toBe('c');
    now += 250;
    await run.report(message('d'));
    expect((await readLeasedRun(leases, o.name)).progress).toBe('d');
    expect(built).toEqual(['a', 'c', 'd']);
    await run.end('succeeded');
  });

  it('aborts when a progress write finds the lease taken, and then leaves the new owner alone', async () => {
    const o = options();
    const run = await LeasedRun.begin(o);
    if (!run) throw new Error('no lease');
    await steal(o.name);
    expect(await run.report('x')).toBe(false);
    expect(run.lost).toBe(true);
    expect(run.signal.aborted).toBe(true);
    await run.end('failed', 'lost');
    const r = await row(o.name);
    expect(r).toMatchObject({ leaseOwner: 'another-node', lastStatus: 'running' });
  });

  it('notices at a heartbeat that the lease was taken', async () => {
    const o = options({ heartbeatMs: 10 });
    const run = await LeasedRun.begin(o);
    if (!run) throw new Error('no lease');
    await steal(o.name);
    await vi.waitFor(() => expect(run.lost).toBe(true));
    expect(run.signal.aborted).toBe(true);
    await run.end('failed');
  });

  it('with watchStop, stops when another node asks and says so once', async () => {
    const onStopRequested = vi.fn();
    let reads = 0;
    const counted: JobRunsRepository = Object.assign(Object.create(leases), {
      get: (name: string) => {
        reads++;
        return leases.get(name);
      },
    });
    const o = options({ leases: counted, heartbeatMs: 10, watchStop: true, onStopRequested });
    const run = await LeasedRun.begin(o);
    if (!run) throw new Error('no lease');
    expect(await leases.requestStop(o.name)).toBe(true);
    expect((await readLeasedRun(leases, o.name)).lastStatus).toBe('stopping');
    await vi.waitFor(() => expect(run.signal.aborted).toBe(true));
    expect(run.lost).toBe(false);
    // Later heartbeats (the row still says 'stopping') do not tell it again.
    const seen = reads;
    await vi.waitFor(() => expect(reads).toBeGreaterThan(seen + 2));
    expect(onStopRequested).toHaveBeenCalledTimes(1);
    await run.end('succeeded');
    expect(await readLeasedRun(leases, o.name)).toMatchObject({ live: false, lastStatus: 'succeeded' });
  });

  it('abort() stops the run from this process', async () => {
    const run = await LeasedRun.begin(options());
    if (!run) throw new Error('no lease');
    run.abort();
    expect(run.signal.aborted).toBe(true);
    expect(run.lost).toBe(false);
    await run.end('succeeded');
  });
});

describe('withLeasedRun', () => {
  it("ends 'succeeded' with work's value, or null when another run holds the lease", async () => {
    const o = options();
    const outer = await withLeasedRun(o, async () => {
      expect(await withLeasedRun(o, async () => 'inner')).toBeNull();
      return 'outer';
    });
    expect(outer).toEqual({ value: 'outer' });
    expect(await readLeasedRun(leases, o.name)).toMatchObject({ live: false, lastStatus: 'succeeded' });
  });

  it("ends 'failed' with the error (cut to 2,000 characters) and throws it on", async () => {
    const o = options();
    const long = 'x'.repeat(3000);
    await expect(
      withLeasedRun(o, async () => {
        throw new Error(long);
      }),
    ).rejects.toThrow(long);
    const r = await row(o.name);
    expect(r).toMatchObject({ leaseOwner: null, lastStatus: 'failed' });
    expect(r?.lastError).toHaveLength(2000);
  });
});

describe('readLeasedRun', () => {
  it('reads a missing row, unreadable progress and an expired lease', async () => {
    expect(await readLeasedRun(leases, 'leased-run-never')).toEqual({
      progress: null,
      live: false,
      lastStatus: null,
    });
    const o = options();
    const run = await LeasedRun.begin(o);
    if (!run) throw new Error('no lease');
    await run.report('not json');
    expect(await readLeasedRun(leases, o.name)).toEqual({
      progress: null,
      live: true,
      lastStatus: 'running',
    });
    // Seen from a clock past the lease's end, the run is not live.
    const later = (await readLeasedRun(leases, o.name, () => Date.now() + 120_000)).live;
    expect(later).toBe(false);
    await run.end('succeeded');
  });
});
