import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiChatMessages, aiConversations, aiUsageLog } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';

let standins: AiStandins;
let t: TestApp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp({ ...standins.env(), AI_CHAT_RATE_LIMIT_PER_MINUTE: '1000' });
  user = await createTestUser(t.app);
  admin = await createTestUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(async () => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
});

const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.headers });

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function percentileCont(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b);
  const pos = p * (v.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return Number(((v[lo] ?? 0) + ((v[hi] ?? 0) - (v[lo] ?? 0)) * (pos - lo)).toFixed(2));
}

describe('GET /api/ai/analytics/performance from stored rows', () => {
  const times = [120, 340, 95, 800, 410, 2300, 150, 610, 75, 1000, 230];
  const day = (d: string) => new Date(`2021-06-${d}T12:00:00Z`);

  beforeAll(async () => {
    const db = t.app.ctx.database.db;
    const base = { userId: user.user.id, model: 'm', operation: 'chat', cost: 0 };
    await db.insert(aiUsageLog).values([
      ...times.map((ms, i) => ({
        ...base,
        provider: i % 2 ? 'openai' : 'ollama',
        responseTimeMs: ms,
        success: true,
        createdAt: day(i < 6 ? '01' : '02'),
        metadata: { requestId: `r${i}`, attempt: 1 },
      })),
      // Request r3 fell back: its first attempt (on ollama) failed before openai answered.
      {
        ...base,
        provider: 'ollama',
        responseTimeMs: 9000,
        success: false,
        error: 'Ollama: timed out',
        createdAt: day('01'),
        metadata: { requestId: 'r3', attempt: 1 },
      },
      // A request that failed on every provider: two failed attempts, no fallback.
      ...[1, 2].map((attempt) => ({
        ...base,
        provider: attempt === 1 ? 'ollama' : 'openai',
        responseTimeMs: 50,
        success: false,
        error: attempt === 1 ? 'Ollama: timed out' : 'OpenAI: 500',
        createdAt: day('02'),
        metadata: { requestId: 'gone', attempt },
      })),
    ]);
    // r3's answer is its second attempt.
    await db.execute(
      `update ai_usage_log set metadata = '{"requestId":"r3","attempt":2}' where response_time_ms = 800` as never,
    );
    const [c] = await db.insert(aiConversations).values({ userId: user.user.id, title: 'q' }).returning();
    const reply = (category: string, d: string) => ({
      conversationId: c?.id ?? '',
      role: 'assistant' as const,
      content: 'x',
      quality: { score: 0.5, category: category as 'good', issues: [] },
      createdAt: day(d),
    });
    await db
      .insert(aiChatMessages)
      .values([
        reply('good', '01'),
        reply('good', '01'),
        reply('canned', '01'),
        reply('excellent', '02'),
        reply('forced', '02'),
      ]);
  });

  it('reports percentiles of answered calls, error and fallback rates, and quality per day', async () => {
    const res = await get('/api/ai/analytics/performance?from=2021-06-01&to=2021-06-02', user);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.overall).toMatchObject({
      calls: 14,
      failures: 3,
      errorRate: Number((3 / 14).toFixed(4)),
      p50: percentileCont(times, 0.5),
      p90: percentileCont(times, 0.9),
      p99: percentileCont(times, 0.99),
      // r0..r10 and 'gone'.
      requests: 12,
      fallbacks: 1,
      fallbackRate: Number((1 / 12).toFixed(4)),
    });
    const ollama = d.byProvider.find((p: { provider: string }) => p.provider === 'ollama');
    const ollamaTimes = times.filter((_, i) => i % 2 === 0);
    expect(ollama).toMatchObject({ calls: 8, failures: 2, p50: percentileCont(ollamaTimes, 0.5) });
    expect(d.days[0]).toMatchObject({
      day: '2021-06-01',
      calls: 7,
      failures: 1,
      p90: percentileCont(times.slice(0, 6), 0.9),
    });
    expect(d.topErrors[0]).toEqual({ provider: 'ollama', error: 'Ollama: timed out', count: 2 });
    expect(d.quality[0]).toMatchObject({ day: '2021-06-01', counts: { good: 2, canned: 1, excellent: 0 } });
    expect(d.quality[1].counts).toMatchObject({ excellent: 1, forced: 1, good: 0 });
    expect(d.qualityTotals).toEqual({
      poor: 0,
      fair: 0,
      good: 2,
      excellent: 1,
      canned: 1,
      forced: 1,
      error: 0,
    });
  });

  it('gives empty figures, not zeros made up, for a range without calls', async () => {
    const d = (await get('/api/ai/analytics/performance?from=2021-07-01&to=2021-07-01', user)).json().data;
    expect(d.overall).toMatchObject({ calls: 0, errorRate: null, p50: null, fallbackRate: null });
  });
});

describe('fallbacks recorded by the router', () => {
  it('tags each attempt with its request and attempt number, for generated and chat replies', async () => {
    const fresh = await createTestUser(t.app);
    standins.ollama.set({ chat: 'fail' });
    // A direct call (its rows written by the router) and a chat reply (its answer's row deferred to the chat).
    const r = await aiServicesFor(t.app.ctx).router.generate({
      userId: fresh.user.id,
      prompt: 'Say hello',
      provider: 'ollama',
      operation: 'test',
    });
    expect(r.failed.map((f) => f.provider)).toEqual(['ollama']);
    // The failure sidelined ollama; the chat should try it first again.
    aiServicesFor(t.app.ctx).registry.clearCooldowns();
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: fresh.headers,
      payload: { message: 'Say hello in several words', provider: 'ollama' },
    });
    expect(chat.statusCode).toBe(200);
    standins.ollama.set({ chat: 'ok' });
    aiServicesFor(t.app.ctx).registry.clearCooldowns();
    const ok = await aiServicesFor(t.app.ctx).router.generate({
      userId: fresh.user.id,
      prompt: 'Say hello',
      provider: 'ollama',
      operation: 'test',
    });
    expect(ok.provider).toBe('ollama');

    const logged = await t.app.ctx.database.db
      .select()
      .from(aiUsageLog)
      // The chat's question is embedded for file retrieval too: those rows are not attempts.
      .where(and(eq(aiUsageLog.userId, fresh.user.id), ne(aiUsageLog.operation, 'embedding')))
      .orderBy(aiUsageLog.id);
    const meta = logged.map((l) => ({ provider: l.provider, success: l.success, ...(l.metadata as object) }));
    expect(meta.map((m) => [m.success, (m as { attempt?: number }).attempt])).toEqual([
      [false, 1],
      [true, 2],
      [false, 1],
      [true, 2],
      [true, 1],
    ]);
    const ids = meta.map((m) => (m as { requestId?: string }).requestId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
    expect(new Set(ids).size).toBe(3);

    const today = new Date().toISOString().slice(0, 10);
    const d = (
      await get(`/api/ai/analytics/performance?from=${today}&to=${today}&userId=${fresh.user.id}`, admin)
    ).json().data;
    expect(d.overall).toMatchObject({ calls: 5, failures: 2, requests: 3, fallbacks: 2 });
  });
});
