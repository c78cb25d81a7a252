import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, openTestDatabase } from '../../test/test-app';
import type { Database } from '../db/client';
import { registerJobs } from './index';
import { defineJob } from './job';
import { JobRunsRepository } from './job-runs.repository';
import { DuplicateJobError, JobScheduler } from './scheduler';

const quiet = { info: () => {}, error: () => {} };

describe('job scheduler', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  const scheduler = (nodeId: string) =>
    new JobScheduler({ db: database.db, log: quiet, nodeId, pollMs: 1_000, leaseMs: 60_000 });

  it('runs a periodic job on one node only, once per interval, and hands over on stop', async () => {
    const runs: string[] = [];
    const job = (node: string, intervalMs: number) =>
      defineJob({
        name: `count-runs-${intervalMs}`,
        intervalMs,
        payload: z.object({ by: z.string() }),
        defaultPayload: { by: node },
        handler: async (payload) => {
          runs.push(payload.by);
        },
      });
    const a = scheduler('node-a');
    const b = scheduler('node-b');
    a.register(job('a', 3_600_000));
    b.register(job('b', 3_600_000));

    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    expect([...ranA, ...ranB]).toEqual(['count-runs-3600000']);

    // Not due again within the interval, on either node.
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);

    const holder = runs[0] === 'a' ? a : b;
    const other = holder === a ? b : a;
    const row = await new JobRunsRepository(database.db).get('count-runs-3600000');
    expect(row).toMatchObject({ leaseOwner: holder.nodeId, lastStatus: 'succeeded' });

    // The other node cannot force a run while the lease is held...
    expect(await other.runNow('count-runs-3600000')).toBe(false);
    // ...and takes over once the holder stops.
    await holder.stop();
    expect(await other.runNow('count-runs-3600000')).toBe(true);
    expect(runs).toHaveLength(2);
    expect(runs[1]).not.toBe(runs[0]);
    await other.stop();
  });

  it('runs a due job again after its interval', async () => {
    let n = 0;
    const s = scheduler('node-c');
    s.register(
      defineJob({
        name: 'every-ms',
        intervalMs: 1,
        payload: z.object({}),
        defaultPayload: {},
        handler: async () => {
          n++;
        },
      }),
    );
    await s.tick();
    await new Promise((r) => setTimeout(r, 20));
    await s.tick();
    expect(n).toBe(2);
    await s.stop();
  });

  it('stores progress and failures in job_runs', async () => {
    const s = scheduler('node-d');
    s.register(
      defineJob({
        name: 'half-way',
        intervalMs: 60_000,
        payload: z.object({ fail: z.boolean() }),
        defaultPayload: { fail: false },
        handler: async (payload, run) => {
          await run.progress('50 of 100');
          if (payload.fail) throw new Error('disk on fire');
        },
      }),
    );
    const repo = new JobRunsRepository(database.db);
    await s.tick();
    expect(await repo.get('half-way')).toMatchObject({ progress: '50 of 100', lastStatus: 'succeeded' });
    await s.runNow('half-way', { fail: true });
    expect(await repo.get('half-way')).toMatchObject({ lastStatus: 'failed', lastError: 'disk on fire' });
    await expect(s.runNow('half-way', { fail: 'yes' })).rejects.toThrow();
    await s.stop();
  });

  it('refuses a second handler under the same name', () => {
    const s = scheduler('node-e');
    const job = defineJob({
      name: 'twice',
      intervalMs: 1000,
      payload: z.object({}),
      defaultPayload: {},
      handler: async () => {},
    });
    s.register(job);
    expect(() => s.register({ ...job, handler: async () => {} })).toThrow(DuplicateJobError);
  });

  it("refuses to build the app's job list twice: every job name has one handler", async () => {
    const t = await createTestApp();
    try {
      const names = t.app.ctx.jobs.names();
      expect(names).toEqual(
        expect.arrayContaining([
          'recycle-bin.purge-expired',
          'files.collect-garbage',
          'files.expire-reservations',
        ]),
      );
      expect(new Set(names).size).toBe(names.length);
      expect(() => registerJobs(t.app.ctx.jobs, t.app.ctx)).toThrow(DuplicateJobError);
    } finally {
      await t.close();
    }
  });
});
