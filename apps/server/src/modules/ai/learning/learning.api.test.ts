import { LEARNING_MESSAGES, learningProgressSchema } from '@stratos/contracts/ai/learning.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, createTwoProcessApps, type TestApp, testDbKind } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiLearningFeedback, aiLearningInteractions } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { learningServiceFor } from './learning-services';

let standins: AiStandins;
let t: TestApp;
let root: TestUser;
let admin: TestUser;

beforeAll(async () => {
  standins = await AiStandins.start();
  // No keys: the local model (the Ollama stand-in) is the only provider, as for learning.
  t = await createTestApp({ ...standins.env(false), AI_CHAT_RATE_LIMIT_PER_MINUTE: '1000' });
  root = await createTestUser(t.app, { role: 'superadmin' });
  admin = await createTestUser(t.app, { role: 'admin' });
  learningServiceFor(t.app.ctx).analysePauseMs = 0;
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(async () => {
  standins.reset();
  const db = t.app.ctx.database.db;
  await db.execute(sql`delete from ai_learning_feedback`);
  await db.execute(sql`delete from ai_learning_cycles`);
  await db.execute(sql`delete from ai_learning_improvements`);
  await db.execute(sql`delete from ai_learning_derived_knowledge`);
  await db.execute(sql`delete from ai_learning_patterns`);
  await db.execute(sql`delete from ai_chat_feedback`);
  await db.execute(sql`delete from ai_learning_interactions`);
  await db.execute(sql`delete from ai_knowledge_base`);
  await db.execute(sql`delete from ai_learning_settings`);
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/ai/learning${url}`, headers: who?.headers ?? {}, payload });
const data = async (who: TestUser, method: Method, url: string, payload?: object) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const cycle = () => data(root, 'POST', '/cycle').then((d) => d.cycle);

interface Seed {
  query?: string;
  response?: string;
  satisfaction?: number | null;
  time?: number | null;
  domain?: string;
  minutesAgo?: number;
  knowledge?: boolean;
}
async function interactions(rows: Seed[]) {
  await t.app.ctx.database.db.insert(aiLearningInteractions).values(
    rows.map((r, i) => ({
      userQuery: r.query ?? `q${i}`,
      aiResponse: r.response ?? 'Short reply.',
      satisfactionScore: r.satisfaction ?? null,
      responseTime: r.time ?? null,
      domain: r.domain ?? 'general',
      knowledgeUsed: r.knowledge ? [{ id: 'k' }] : [],
      createdAt: new Date(Date.now() - (r.minutesAgo ?? 5) * 60_000 - i),
    })),
  );
}
const count = async (table: string, where = sql`true`) => {
  const r = await t.app.ctx.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n);
};

describe('access and refusals', () => {
  it('is the superadmin’s alone: 401 without a token, 403 with the spec’s message for anyone else', async () => {
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/status'],
      ['POST', '/start'],
      ['POST', '/stop'],
      ['PUT', '/kill-switch', { disabled: true }],
      ['POST', '/cycle'],
      ['GET', '/cycles'],
      ['GET', '/progress'],
      ['GET', '/improvements'],
      ['POST', '/improvements/00000000-0000-4000-8000-000000000000/apply'],
      ['POST', '/improvements/00000000-0000-4000-8000-000000000000/revert'],
      ['GET', '/metrics'],
      ['GET', '/exponential'],
      ['GET', '/enhanced'],
      ['POST', '/feedback', { text: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(LEARNING_MESSAGES.databaseAccess);
    }
    expect(await count('ai_learning_cycles')).toBe(0);
  });

  it('starts only when the local model answers its connection test, and stops', async () => {
    standins.ollama.set({ health: 'fail' });
    const down = await call(root, 'POST', '/start');
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe('Ollama not available for learning');
    expect((await data(root, 'GET', '/status')).enabled).toBe(false);

    standins.ollama.set({ health: 'ok' });
    const on = await data(root, 'POST', '/start');
    expect(on).toMatchObject({ enabled: true, killSwitch: false, running: false, lastCycle: null });
    expect(on.nextCycleAt).not.toBeNull();
    expect(standins.ollama.requests.some((r) => r.method === 'GET' && r.path.startsWith('/api/tags'))).toBe(
      true,
    );
    const off = await data(root, 'POST', '/stop');
    expect(off).toMatchObject({ enabled: false, nextCycleAt: null });
  });

  it('the kill switch refuses start and cycles, and the scheduled cycle does nothing', async () => {
    await data(root, 'POST', '/start');
    const killed = await data(root, 'PUT', '/kill-switch', { disabled: true });
    expect(killed).toMatchObject({ enabled: true, killSwitch: true, nextCycleAt: null });
    for (const url of ['/start', '/cycle']) {
      const res = await call(root, 'POST', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe('AI learning is currently disabled');
    }
    await t.app.ctx.jobs.runNow('ai.learning');
    expect(await count('ai_learning_cycles')).toBe(0);

    await data(root, 'PUT', '/kill-switch', { disabled: false });
    await t.app.ctx.jobs.runNow('ai.learning');
    const cycles = (await data(root, 'GET', '/cycles')).cycles;
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ trigger: 'schedule', status: 'succeeded' });
  });

  it('answers 400 to bad input and 404 to an unknown improvement or interaction', async () => {
    expect((await call(root, 'PUT', '/kill-switch', { disabled: 'yes' })).statusCode).toBe(400);
    expect((await call(root, 'PUT', '/kill-switch', {})).statusCode).toBe(400);
    expect((await call(root, 'GET', '/cycles?limit=0')).statusCode).toBe(400);
    expect((await call(root, 'POST', '/improvements/not-a-uuid/apply')).statusCode).toBe(400);
    expect((await call(root, 'POST', '/feedback', { text: 'ok', rating: 6 })).statusCode).toBe(400);
    expect((await call(root, 'POST', '/feedback', {})).statusCode).toBe(400);
    for (const url of ['apply', 'revert']) {
      const res = await call(root, 'POST', `/improvements/00000000-0000-4000-8000-000000000000/${url}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(LEARNING_MESSAGES.improvementNotFound);
    }
    const res = await call(root, 'POST', '/feedback', {
      text: 'about a missing one',
      interactionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(await count('ai_learning_feedback')).toBe(0);
  });

  it('refuses a second cycle while one runs (409) and streams the running one live', async () => {
    await interactions([{ satisfaction: 0.2 }]);
    let open!: () => void;
    standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
    const first = call(root, 'POST', '/cycle');
    for (let i = 0; i < 100 && !(await data(root, 'GET', '/status')).running; i++)
      await new Promise((r) => setTimeout(r, 20));
    const second = await call(root, 'POST', '/cycle');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(LEARNING_MESSAGES.cycleRunning);
    const stream = call(root, 'GET', '/progress');
    await new Promise((r) => setTimeout(r, 100));
    open();
    expect((await first).statusCode).toBe(200);
    const body = (await stream).body;
    const events = body.split('\n\n').flatMap((block) => {
      const e = block.split('\n').find((l) => l.startsWith('event: '));
      const d = block.split('\n').find((l) => l.startsWith('data: '));
      return e && d
        ? [{ event: e.slice(7), data: learningProgressSchema.parse(JSON.parse(d.slice(6))) }]
        : [];
    });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'succeeded', isRunning: false } });
    expect(events.some((e) => e.event === 'progress' && e.data.step === 'model')).toBe(true);
    expect(events.some((e) => e.data.step === 'knowledge' && e.event === 'progress')).toBe(true);
    // Nothing running now: one idle event.
    expect((await call(root, 'GET', '/progress')).body).toContain('event: idle');
    expect(await count('ai_learning_cycles')).toBe(1);
  });
});

describe('a learning cycle', () => {
  it('applies the thresholds, finds patterns, asks the model about 5 and stores at most 10', async () => {
    const topics = ['docker', 'kubernetes', 'terraform', 'ansible', 'prometheus', 'grafana'];
    const rows: Seed[] = [];
    // 6 topics x 6 questions each: each word occurs 6 times (> 5), slow and badly rated.
    for (const [n, topic] of topics.entries()) {
      for (let i = 0; i < 6; i++) {
        rows.push({
          query: `${topic}?`,
          time: 4000 + n * 100,
          satisfaction: i < 2 ? 0.2 : 0.6,
          domain: 'devops',
        });
      }
    }
    rows.push({ query: 'old question about docker', time: 100000, satisfaction: 1, minutesAgo: 120 });
    await interactions(rows);
    standins.ollama.set({ respond: () => 'You should include a complete, runnable configuration example.' });
    const c = await cycle();
    expect(c.interactionsRead).toBe(36);
    expect(c.figures.avgResponseTime).toBeCloseTo(4250, 1);
    // 12 of 36 rated 0.2 (rating 1), 24 rated 0.6: mean 0.4667, error rate 1/3, accuracy 0.
    expect(c.figures.satisfaction).toBeCloseTo(0.4667, 3);
    expect(c.figures.errorRate).toBeCloseTo(0.3333, 3);
    expect(c.figures.accuracy).toBe(0);
    expect(c.figures.learningRate).toBeCloseTo(0.12, 5);
    expect(c.thresholdsExceeded).toEqual(['responseTime', 'satisfaction', 'errorRate']);
    expect(c.patterns).toHaveLength(5);
    expect(c.patterns.every((p: { frequency: number }) => p.frequency === 6)).toBe(true);
    expect(c).toMatchObject({
      modelStep: 'ok',
      interactionsAnalysed: 5,
      improvementsStored: 10,
      modelError: null,
    });
    const generations = standins.ollama.generations;
    expect(generations).toHaveLength(5);
    // The improvement prompt's reply is capped at 500 tokens (the Ollama adapter's field for it).
    for (const g of generations) expect(JSON.stringify(g.body)).toMatch(/"max_output_tokens":500/);
    expect(await count('ai_learning_patterns')).toBe(5);

    const list = (await data(root, 'GET', '/improvements')).improvements;
    expect(list).toHaveLength(10);
    const categories = new Set(list.map((i: { category: string }) => i.category));
    expect(categories).toEqual(new Set(['performance', 'response_quality', 'user_experience', 'knowledge']));
    // Section 5 mapping: "should" gives Medium, "Critical" High.
    const bySource = (s: string) => list.filter((i: { source: string }) => i.source === s);
    expect(
      bySource('threshold').find((i: { improvementType: string }) => i.improvementType === 'satisfaction')
        .priority,
    ).toBe('High');
    expect(
      bySource('threshold').find((i: { improvementType: string }) => i.improvementType === 'response_time')
        .priority,
    ).toBe('Medium');
    // 3 thresholds + 5 patterns + 5 model suggestions = 13 candidates: the High and widest first.
    expect(bySource('threshold')).toHaveLength(3);
    expect(bySource('threshold').every((i: { domain: string }) => i.domain === 'devops')).toBe(true);
  });

  it('reads at most 100 interactions of the last hour', async () => {
    await interactions(Array.from({ length: 120 }, (_, i) => ({ time: i < 100 ? 1000 : 9000 })));
    const c = await cycle();
    expect(c.interactionsRead).toBe(100);
    // The 100 newest (1000 ms each): under the threshold.
    expect(c.figures.avgResponseTime).toBe(1000);
    expect(c.thresholdsExceeded).toEqual([]);
    expect(c.patterns).toEqual([]);
  });

  it('processes unprocessed feedback in batches of 50, chat ratings included, once', async () => {
    const db = t.app.ctx.database.db;
    await db.insert(aiLearningFeedback).values(
      Array.from({ length: 119 }, (_, i) => ({
        source: 'console',
        rating: i < 70 ? 5 : i < 100 ? 1 : 3,
        text: `note ${i}`,
        sentiment: i < 70 ? 'positive' : i < 100 ? 'negative' : 'neutral',
      })),
    );
    // One chat rating, through the chat's own feedback call.
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: root.headers,
      payload: { message: 'Say hello in several words from a Python script', provider: 'ollama' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/ai/chat/${reply.json().messageId}/feedback`,
      headers: root.headers,
      payload: { rating: 1, comment: 'not what I asked' },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    const c = await cycle();
    expect(c.feedback).toEqual({ processed: 120, positive: 70, negative: 31, neutral: 19, batches: 3 });
    expect(await count('ai_learning_feedback', sql`processed_at is null`)).toBe(0);
    const list = (await data(root, 'GET', '/improvements')).improvements;
    const fb = list.find((i: { source: string }) => i.source === 'feedback');
    expect(fb.description).toContain('31 of 120 feedback items processed were negative');
    const again = await cycle();
    expect(again.feedback.processed).toBe(0);
    expect(again.totals.feedbackProcessed).toBe(120);
  });

  it('still stores the threshold improvements when the model is down, and says so', async () => {
    await interactions([{ time: 7000, satisfaction: 0.2, domain: 'python' }]);
    standins.ollama.set({ chat: 'fail' });
    const c = await cycle();
    expect(c.modelStep).toBe('failed');
    expect(c.modelError).toContain(LEARNING_MESSAGES.modelStepFailed);
    expect(c.interactionsAnalysed).toBe(0);
    expect(c.improvementsStored).toBe(3);
    expect(c.status).toBe('succeeded');
  });

  it('keeps the latest 50 suggestions (applied ones stay)', async () => {
    const topics = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    await interactions(
      topics.flatMap((w) =>
        Array.from({ length: 6 }, () => ({ query: `tell me about ${w}code`, time: 5000, satisfaction: 0.2 })),
      ),
    );
    const first = await cycle();
    expect(first.improvementsStored).toBe(10);
    const oldest = (await data(root, 'GET', '/improvements')).improvements.at(-1);
    await data(root, 'POST', `/improvements/${oldest.id}/apply`);
    for (let i = 0; i < 5; i++) await cycle();
    expect(await count('ai_learning_suggestions')).toBe(51);
    const list = (await data(root, 'GET', '/improvements')).improvements;
    expect(list).toHaveLength(50);
    const times = list.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await count('ai_learning_improvements', sql`id = ${oldest.id}`)).toBe(1);
  });

  it('turns replies over 100 characters with more than 2 keywords into knowledge (score 0.7), once', async () => {
    const long =
      'Containers package an application with its dependencies; images are built from layered filesystems and containers share the host kernel.';
    await interactions([
      { query: 'What is a container image?', response: long, domain: 'devops' },
      { query: 'short', response: 'Too short to keep as knowledge at all.' },
      { query: 'rated badly', response: long, satisfaction: 0.2 },
    ]);
    // A badly rated reply is not knowledge: mark it unhelpful as a rating would.
    await t.app.ctx.database.db.execute(
      sql`update ai_learning_interactions set was_helpful = false where user_query = 'rated badly'`,
    );
    const c = await cycle();
    expect(c.knowledgeItemsCreated).toBe(1);
    const items = await t.app.ctx.database.db.execute(
      sql`select domain, type, content, relevance_score, source, keywords from ai_knowledge_base`,
    );
    const rows = (items as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      domain: 'devops',
      type: 'interaction',
      content: long,
      source: 'interaction',
    });
    expect(Number(rows[0]?.relevance_score)).toBeCloseTo(0.7, 5);
    expect((await cycle()).knowledgeItemsCreated).toBe(0);
    expect(await count('ai_knowledge_base')).toBe(1);
  });
});

describe('metrics and views from stored rows', () => {
  it('metrics come from the last 24 hours of interactions', async () => {
    const empty = await data(root, 'GET', '/metrics');
    expect(empty).toMatchObject({
      interactions: 0,
      accuracy: null,
      responseTime: null,
      userSatisfaction: null,
      learningRate: null,
    });
    await interactions([
      { satisfaction: 1, time: 1000 },
      { satisfaction: 0.8, time: 2000 },
      { satisfaction: 0.2, time: 3000 },
      { time: 6000 },
      { satisfaction: 0, time: 99999, minutesAgo: 25 * 60 },
    ]);
    const m = await data(root, 'GET', '/metrics');
    expect(m).toMatchObject({ interactions: 4, rated: 3, windowHours: 24, responseTime: 3000 });
    expect(m.userSatisfaction).toBeCloseTo(2 / 3, 3);
    expect(m.accuracy).toBeCloseTo(2 / 3, 3);
    expect(m.errorRate).toBeCloseTo(1 / 3, 3);
    expect(m.learningRate).toBeCloseTo(0.12, 5);
  });

  it('the exponential and enhanced views say so without cycles and follow the stored ones', async () => {
    const none = await data(root, 'GET', '/exponential');
    expect(none).toMatchObject({ cycles: 0, message: LEARNING_MESSAGES.noCycles });
    expect(
      none.factors.every(
        (f: { series: unknown[]; measured: unknown }) => f.series.length === 0 && f.measured === null,
      ),
    ).toBe(true);
    const enhancedNone = await data(root, 'GET', '/enhanced');
    expect(enhancedNone.thresholds.every((x: { state: string }) => x.state === 'no_data')).toBe(true);

    await interactions([{ time: 4000, satisfaction: 0.5 }]);
    const c1 = await cycle();
    await interactions([
      {
        time: 2000,
        satisfaction: 1,
        response:
          'Docker images are layered: each instruction adds a layer, and layers are cached between builds of the image.',
      },
    ]);
    const c2 = await cycle();
    const exp = await data(root, 'GET', '/exponential');
    expect(exp.cycles).toBe(2);
    const growth = exp.factors.find((f: { name: string }) => f.name === 'knowledgeGrowth');
    expect(growth.specMultiplier).toBe(1.1);
    expect(growth.series.map((s: { value: number }) => s.value)).toEqual([
      c1.totals.knowledgeItems,
      c2.totals.knowledgeItems,
    ]);
    const speed = exp.capabilities.find((f: { name: string }) => f.name === 'responseSpeed');
    expect(speed.series[1].multiplier).toBeCloseTo(
      c1.figures.avgResponseTime / c2.figures.avgResponseTime,
      3,
    );
    const enh = await data(root, 'GET', '/enhanced');
    expect(enh.series).toHaveLength(2);
    const rt = enh.thresholds.find((x: { metric: string }) => x.metric === 'responseTime');
    expect(rt).toMatchObject({
      threshold: 3000,
      target: 2000,
      latest: c2.figures.avgResponseTime,
      state: 'ok',
    });
    expect(enh.improvements.suggested).toBe((await data(root, 'GET', '/improvements')).improvements.length);
  });

  it('manual feedback: blank is ignored, otherwise stored unprocessed and rates its interaction', async () => {
    expect(await data(root, 'POST', '/feedback', { text: '   \n ' })).toEqual({
      ignored: true,
      reason: 'blank',
    });
    expect(await count('ai_learning_feedback')).toBe(0);
    await interactions([{ query: 'q' }]);
    const r = await t.app.ctx.database.db.execute(sql`select id from ai_learning_interactions limit 1`);
    const id = (r as unknown as { rows: { id: string }[] }).rows[0]?.id;
    const fb = await data(root, 'POST', '/feedback', { text: ' Too vague ', rating: 2, interactionId: id });
    expect(fb).toMatchObject({
      ignored: false,
      feedback: { text: 'Too vague', rating: 2, sentiment: 'negative', interactionId: id },
    });
    const row = await t.app.ctx.database.db.execute(
      sql`select satisfaction_score, was_helpful from ai_learning_interactions where id = ${id}`,
    );
    expect((row as unknown as { rows: Array<Record<string, unknown>> }).rows[0]).toMatchObject({
      was_helpful: false,
    });
    expect(await count('ai_learning_feedback', sql`processed_at is null`)).toBe(1);
  });
});

describe('applying an improvement', () => {
  it('adds its guidance to the assistant’s prompt for that domain, and reverting removes it', async () => {
    await interactions(
      Array.from({ length: 3 }, () => ({
        query: 'How do python decorators work?',
        domain: 'python',
        satisfaction: 0.2,
        time: 1000,
      })),
    );
    const c = await cycle();
    expect(c.improvementsStored).toBeGreaterThan(0);
    const list = (await data(root, 'GET', '/improvements')).improvements;
    const target = list.find((i: { improvementType: string }) => i.improvementType === 'satisfaction');
    expect(target).toMatchObject({ domain: 'python', active: false, appliedAt: null });

    const ask = async (message: string) => {
      standins.ollama.reset();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/chat',
        headers: root.headers,
        payload: { message, provider: 'ollama' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.stringify(standins.ollama.generations.map((g) => g.body));
    };
    const question = 'Say hello in several words from a Python script';
    expect(await ask(question)).not.toContain(target.guidance);

    const applied = (await data(root, 'POST', `/improvements/${target.id}/apply`)).improvement;
    expect(applied).toMatchObject({ active: true, implementationStatus: 'completed' });
    expect(applied.appliedAt).not.toBeNull();
    expect(applied.successMetrics.before).toMatchObject({ interactions: 4, rated: 3 });
    expect((await call(root, 'POST', `/improvements/${target.id}/apply`)).statusCode).toBe(409);

    expect(await ask(question)).toContain(target.guidance);
    // Another domain's question does not get it.
    expect(await ask('Say hello in several words from a Docker container')).not.toContain(target.guidance);

    const after = (await data(root, 'GET', '/improvements')).improvements.find(
      (i: { id: string }) => i.id === target.id,
    );
    // The python chat since applying (the docker one is another domain), unrated.
    expect(after.successMetrics.after).toMatchObject({ interactions: 1, rated: 0 });

    // The kill switch stops everything learned from reaching the assistant.
    await data(root, 'PUT', '/kill-switch', { disabled: true });
    expect(await ask(question)).not.toContain(target.guidance);
    await data(root, 'PUT', '/kill-switch', { disabled: false });
    expect(await ask(question)).toContain(target.guidance);

    const reverted = (await data(root, 'POST', `/improvements/${target.id}/revert`)).improvement;
    expect(reverted).toMatchObject({ active: false });
    expect(reverted.revertedAt).not.toBeNull();
    expect(await ask(question)).not.toContain(target.guidance);
    expect((await call(root, 'POST', `/improvements/${target.id}/revert`)).statusCode).toBe(409);
  });
});

describe.runIf(testDbKind === 'postgres')('learning across two API processes', () => {
  it('one cycle at a time cluster-wide; the other process streams its progress from the lease row', async () => {
    const pair = await createTwoProcessApps({ ...standins.env(false) });
    try {
      const a = await createTestUser(pair.a.app, { role: 'superadmin' });
      const b = await createTestUser(pair.b.app, { role: 'superadmin' });
      for (const p of [pair.a, pair.b]) {
        await aiServicesFor(p.app.ctx).registry.checkAll();
        learningServiceFor(p.app.ctx).analysePauseMs = 0;
      }
      await pair.a.app.ctx.database.db
        .insert(aiLearningInteractions)
        .values({ userQuery: 'q', aiResponse: 'a', satisfactionScore: 0.2, responseTime: 100 });
      let open!: () => void;
      standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
      const inject = (p: TestApp, who: TestUser, method: Method, url: string) =>
        p.app.inject({ method, url: `/api/ai/learning${url}`, headers: who.headers });
      const running = inject(pair.a, a, 'POST', '/cycle');
      for (let i = 0; i < 200 && !(await learningServiceFor(pair.b.app.ctx).running()); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const refused = await inject(pair.b, b, 'POST', '/cycle');
      expect(refused.statusCode).toBe(409);
      expect((await inject(pair.b, b, 'GET', '/status')).json().data.running).toBe(true);
      const stream = inject(pair.b, b, 'GET', '/progress');
      await new Promise((r) => setTimeout(r, 200));
      open();
      expect((await running).statusCode).toBe(200);
      const body = (await stream).body;
      expect(body).toContain('event: progress');
      expect(body).toContain('event: done');
      expect(body).toContain('"status":"succeeded"');
    } finally {
      await pair.close();
    }
  });
});
