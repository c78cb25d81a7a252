import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiBenchmarkResults, aiBenchmarkRuns, aiUsageLog } from '../../../db/schema/index';
import { assessQuality } from '../chat/quality';
import { aiServicesFor } from '../providers/ai-services';
import { BENCHMARK_PROMPTS } from './benchmark-prompts';

let standins: AiStandins;
let t: TestApp;

beforeAll(async () => {
  standins = await AiStandins.start();
  // No platform keys: Ollama is the one available provider. A gated call must not time out on a
  // busy machine (that would sideline Ollama for everyone and turn the next run into a 503).
  t = await createTestApp({ ...standins.env(false), AI_REQUEST_TIMEOUT_MS: '10000' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});

/** The stand-in answers each prompt on its topic, in pieces 15 ms apart. */
const answer = ({ prompt }: { prompt: string }) =>
  `Here is a careful answer. ${prompt.split(' ').slice(0, 12).join(' ')} explained step by step with detail.`;

beforeEach(async () => {
  standins.reset();
  standins.ollama.set({ respond: answer, chunkDelayMs: 15 });
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
});

const call = (method: 'GET' | 'POST', url: string, who?: TestUser) =>
  t.app.inject({ method, url, headers: who?.headers });

async function finished(id: string, who: TestUser) {
  for (let i = 0; i < 200; i++) {
    const run = (await call('GET', `/api/ai/benchmark/runs/${id}`, who)).json().data;
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('benchmark run did not finish');
}

describe('AI benchmark', () => {
  it('needs a signed-in user', async () => {
    expect((await call('POST', '/api/ai/benchmark/runs')).statusCode).toBe(401);
    expect((await call('GET', '/api/ai/benchmark/runs')).statusCode).toBe(401);
  });

  it('runs the prompt set against the available provider, measures and stores each reply', async () => {
    const user = await createTestUser(t.app);
    const started = await call('POST', '/api/ai/benchmark/runs', user);
    expect(started.statusCode).toBe(202);
    const s = started.json().data;
    expect(s).toMatchObject({
      status: 'running',
      providers: ['ollama'],
      total: BENCHMARK_PROMPTS.length,
      done: 0,
    });

    const run = await finished(s.id, user);
    expect(run).toMatchObject({ status: 'completed', done: BENCHMARK_PROMPTS.length, error: null });
    expect(run.results.map((r: { promptId: string }) => r.promptId)).toEqual(
      BENCHMARK_PROMPTS.map((p) => p.id),
    );
    const { promptTokens, completionTokens } = standins.ollama.behaviour;
    const logged = await t.app.ctx.database.db
      .select()
      .from(aiUsageLog)
      .where(eq(aiUsageLog.userId, user.user.id));
    for (const [i, r] of run.results.entries()) {
      const prompt = BENCHMARK_PROMPTS[i] ?? BENCHMARK_PROMPTS[0];
      const q = assessQuality(prompt.prompt, answer(prompt));
      expect(r).toMatchObject({
        provider: 'ollama',
        answeredBy: 'ollama',
        model: logged[0]?.model,
        category: prompt.category,
        success: true,
        promptTokens,
        completionTokens,
        tokens: promptTokens + completionTokens,
        cost: 0,
        quality: q.category,
      });
      expect(r.qualityScore).toBeCloseTo(q.score, 5);
      // Measured: the first piece comes before the whole reply, which takes several 15 ms pieces.
      expect(r.firstTokenMs).toBeGreaterThanOrEqual(0);
      expect(r.latencyMs).toBeGreaterThan(r.firstTokenMs);
      expect(r.latencyMs).toBeGreaterThanOrEqual(15);
    }
    // Each prompt went to the provider, and each call is in the usage log like any other.
    const sent = standins.ollama.generations.map((g) => JSON.stringify(g.body));
    for (const p of BENCHMARK_PROMPTS) expect(sent.some((b) => b.includes(p.prompt.slice(0, 40)))).toBe(true);
    expect(logged.filter((l) => l.operation === 'benchmark' && l.success)).toHaveLength(
      BENCHMARK_PROMPTS.length,
    );
    expect(logged.every((l) => l.streamed)).toBe(true);

    const summary = run.summary[0];
    const ok = run.results as Array<{ latencyMs: number; firstTokenMs: number }>;
    expect(summary).toMatchObject({ provider: 'ollama', calls: 5, failures: 0 });
    const mean = ok.reduce((a, r) => a + r.latencyMs, 0) / ok.length;
    expect(summary.avgLatencyMs).toBeCloseTo(mean, 1);

    const list = (await call('GET', '/api/ai/benchmark/runs', user)).json().data;
    expect(list.runs.map((r: { id: string }) => r.id)).toEqual([s.id]);
    expect(list.runs[0].summary).toEqual(run.summary);
    expect(list.prompts).toHaveLength(BENCHMARK_PROMPTS.length);
    // Another user sees neither the run nor its history.
    const other = await createTestUser(t.app);
    expect((await call('GET', `/api/ai/benchmark/runs/${s.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/ai/benchmark/runs', other)).json().data.runs).toEqual([]);
  });

  it('runs one at a time per user (409) and records a failing provider as an error', async () => {
    const user = await createTestUser(t.app);
    let open!: () => void;
    standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
    const first = await call('POST', '/api/ai/benchmark/runs', user);
    expect(first.statusCode).toBe(202);
    const second = await call('POST', '/api/ai/benchmark/runs', user);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'BENCHMARK_RUNNING',
      message: 'A benchmark run is already in progress; wait for it to finish',
    });
    // Someone else may run theirs meanwhile.
    const other = await createTestUser(t.app);
    const theirs = await call('POST', '/api/ai/benchmark/runs', other);
    expect(theirs.statusCode).toBe(202);
    // Held while the second POST ran; the rest of the run answers with errors.
    standins.ollama.set({ chat: 'fail' });
    open();
    const run = await finished(first.json().data.id, user);
    expect(run.status).toBe('completed');
    const failed = run.results.filter((r: { success: boolean }) => !r.success);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ quality: 'error', tokens: 0, cost: 0, firstTokenMs: null });
    expect(failed[0].error).toBeTruthy();
    await finished(theirs.json().data.id, other);
    const stored = await t.app.ctx.database.db
      .select()
      .from(aiBenchmarkResults)
      .where(eq(aiBenchmarkResults.runId, run.id));
    expect(stored).toHaveLength(run.results.length);
    // Finished: a new run may start.
    // The failures sidelined ollama for a while; a sidelined provider is not benchmarked.
    standins.ollama.set({ chat: 'ok', gate: undefined });
    aiServicesFor(t.app.ctx).registry.clearCooldowns();
    const again = await call('POST', '/api/ai/benchmark/runs', user);
    expect(again.statusCode).toBe(202);
    await finished(again.json().data.id, user);
  });

  it('marks a run whose process went away as stopped, so it no longer blocks a new one', async () => {
    const user = await createTestUser(t.app);
    const db = t.app.ctx.database.db;
    const hourAgo = new Date(Date.now() - 3_600_000);
    const [lost] = await db
      .insert(aiBenchmarkRuns)
      .values({ userId: user.user.id, providers: ['ollama'], total: 5, startedAt: hourAgo })
      .returning();
    const list = (await call('GET', '/api/ai/benchmark/runs', user)).json().data;
    expect(list.runs[0]).toMatchObject({
      id: lost?.id,
      status: 'failed',
      error: 'The run was interrupted before it finished',
    });
    const next = await call('POST', '/api/ai/benchmark/runs', user);
    expect(next.statusCode).toBe(202);
    await finished(next.json().data.id, user);
    // A recent running run (another process at work) still blocks.
    await db.insert(aiBenchmarkRuns).values({ userId: user.user.id, providers: ['ollama'], total: 5 });
    expect((await call('POST', '/api/ai/benchmark/runs', user)).statusCode).toBe(409);
  });

  it('answers 503 when no provider is available', async () => {
    const user = await createTestUser(t.app);
    standins.ollama.set({ health: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const res = await call('POST', '/api/ai/benchmark/runs', user);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('No AI provider is available to benchmark');
  });
});
