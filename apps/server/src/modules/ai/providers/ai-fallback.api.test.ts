import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { balanceAndSum, fund, makePrepaid } from '../../../../test/billing.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser } from '../../../../test/users.fixture';
import { aiUsageLog, billingLedger } from '../../../db/schema/index';
import { aiServicesFor } from './ai-services';

let standins: AiStandins;
let t: TestApp;

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp({ ...standins.env(), SUPERADMIN_EMAIL: 'root@example.test' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});

const ai = () => aiServicesFor(t.app.ctx);
/** Between 100 and 1000 characters: every provider scores alike, so the chain decides. */
const MEDIUM = `Explain, in a few sentences, how a garden should be prepared for winter. ${'Be specific. '.repeat(4)}`;

beforeEach(async () => {
  standins.reset();
  ai().registry.clearCooldowns();
  await ai().registry.checkAll();
  standins.reset();
});

async function usage(userId: string) {
  return t.app.ctx.database.db
    .select()
    .from(aiUsageLog)
    .where(eq(aiUsageLog.userId, userId))
    .orderBy(aiUsageLog.id);
}

describe('health', () => {
  it('goes from unknown to available, error or unavailable with each check', async () => {
    const fresh = await createTestApp(standins.env(false));
    try {
      const svc = aiServicesFor(fresh.app.ctx);
      const { user } = await createTestUser(fresh.app);
      const before = await svc.providers.list(user.id);
      expect(before.find((p) => p.id === 'ollama')?.status).toBe('unknown');
      standins.anthropic.set({ health: 'fail' });
      await svc.registry.checkAll();
      const after = Object.fromEntries((await svc.providers.list(user.id)).map((p) => [p.id, p]));
      expect(after.ollama?.status).toBe('available');
      expect(after.ollama?.lastResponseTime).toBeTypeOf('number');
      // No key configured: unavailable with the specification's message, and never called.
      expect(after.openai).toMatchObject({ status: 'unavailable', error: 'OpenAI API key not configured' });
      expect(after.anthropic?.status).toBe('unavailable');
      expect(standins.openai.requests).toHaveLength(0);
      expect(after.assistant?.status).toBe('unavailable');
    } finally {
      await fresh.close();
    }
  });

  it('marks a provider that answers badly error and one that stalls past the timeout unavailable', async () => {
    standins.openai.set({ health: 'fail' });
    standins.google.set({ health: 'stall' });
    standins.anthropic.set({ health: 'rate-limit' });
    await ai().registry.checkAll();
    const { user } = await createTestUser(t.app);
    const byId = Object.fromEntries((await ai().providers.list(user.id)).map((p) => [p.id, p]));
    expect(byId.openai).toMatchObject({ status: 'error' });
    expect(byId.google).toMatchObject({
      status: 'unavailable',
      error: 'Google did not answer within 300 ms',
    });
    expect(byId.anthropic?.status).toBe('error');
    // Only available providers are chosen.
    const r = await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(r.provider).toBe('ollama');
    expect(standins.openai.generations).toHaveLength(0);
  });

  it("treats Anthropic's 400 on the check as available (part 2 section 5)", async () => {
    standins.anthropic.set({ health: 'ok' });
    const { checkProvider } = await import('./adapters');
    const res = await checkProvider(
      'anthropic',
      { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' },
      300,
      async () => new Response('{"error":{}}', { status: 400 }),
    );
    expect(res.status).toBe('available');
  });

  it('says No AI providers available when none is', async () => {
    for (const s of Object.values(standins.all)) s.set({ health: 'fail' });
    await ai().registry.checkAll();
    const { user } = await createTestUser(t.app);
    await expect(
      ai().router.generate({ userId: user.id, prompt: 'hi', operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'AI_NO_PROVIDERS',
      message: 'No AI providers available',
    });
  });
});

describe('fallback chain and cooldowns', () => {
  it('goes openai -> anthropic -> ollama -> huggingface and logs every attempt', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'fail' });
    standins.anthropic.set({ chat: 'unauthorized' });
    const r = await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(r.provider).toBe('ollama');
    expect(r.failed.map((f) => f.provider)).toEqual(['openai', 'anthropic']);
    const rows = await usage(user.id);
    expect(rows.map((u) => [u.provider, u.success])).toEqual([
      ['openai', false],
      ['anthropic', false],
      ['ollama', true],
    ]);
    expect(rows[0]?.error).toMatch(/^OpenAI API error: 500/);
    expect(rows[2]).toMatchObject({
      promptTokens: 12,
      completionTokens: 8,
      tokensUsed: 20,
      cost: 0,
      operation: 'chat',
    });
    expect(rows[2]?.responseTimeMs).toBeGreaterThanOrEqual(0);
  });

  it('says All AI providers failed when the whole chain fails', async () => {
    const { user } = await createTestUser(t.app);
    for (const s of Object.values(standins.all)) s.set({ chat: 'fail' });
    await expect(
      ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'AI_ALL_FAILED',
      message: 'All AI providers failed',
    });
    expect((await usage(user.id)).map((u) => u.provider)).toEqual([
      'openai',
      'anthropic',
      'ollama',
      'huggingface',
      'google',
    ]);
  });

  it('sidelines a failing provider for the cooldown, then tries it again', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'fail' });
    await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    standins.openai.set({ chat: 'ok' });
    const second = await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(second.provider).toBe('anthropic');
    expect(standins.openai.generations).toHaveLength(1);
    const listed = (await ai().providers.list(user.id)).find((p) => p.id === 'openai');
    expect(listed?.cooldownUntil).not.toBeNull();
    t.clock.advance(61_000);
    const third = await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(third.provider).toBe('openai');
  });

  it('honours Retry-After on a 429', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'rate-limit', retryAfter: 120 });
    const first = await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(first.provider).toBe('anthropic');
    expect(standins.openai.generations).toHaveLength(1);
    standins.openai.set({ chat: 'ok' });
    t.clock.advance(90_000);
    expect(
      (await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' })).provider,
    ).toBe('anthropic');
    t.clock.advance(31_000);
    expect(
      (await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' })).provider,
    ).toBe('openai');
  });

  it('moves on from a provider that stalls past the request timeout', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'stall' });
    const r = await ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(r.provider).toBe('anthropic');
    expect(r.failed[0]?.error).toBe('OpenAI did not answer within 1000 ms');
  });

  it('puts a requested provider or the provider of a requested model first; refuses an unknown one', async () => {
    const { user } = await createTestUser(t.app);
    const a = await ai().router.generate({
      userId: user.id,
      prompt: MEDIUM,
      provider: 'google',
      operation: 'chat',
    });
    expect([a.provider, a.model]).toEqual(['google', 'gemini-pro']);
    const b = await ai().router.generate({
      userId: user.id,
      prompt: MEDIUM,
      model: 'claude-3-sonnet-20240229',
      operation: 'chat',
    });
    expect([b.provider, b.model]).toEqual(['anthropic', 'claude-3-sonnet-20240229']);
    const sent = standins.anthropic.generations.at(-1)?.body as { model: string };
    expect(sent.model).toBe('claude-3-sonnet-20240229');
    await expect(
      ai().router.generate({ userId: user.id, prompt: MEDIUM, provider: 'skynet', operation: 'chat' }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Unknown provider: skynet' });
  });

  it('uses llama3.2:3b on the local model for analysis', async () => {
    const { user } = await createTestUser(t.app);
    const r = await ai().router.generate({
      userId: user.id,
      prompt: 'Summarise: hello',
      provider: 'ollama',
      operation: 'analysis',
    });
    expect(r.model).toBe('llama3.2:3b');
  });
});

describe('streaming', () => {
  it('falls back when a stream fails before its first token', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'break' });
    standins.anthropic.set({ chat: 'fail' });
    const s = await ai().router.stream({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(s.provider).toBe('ollama');
    let text = '';
    for await (const piece of s.textStream) text += piece;
    expect(text).toBe(standins.ollama.behaviour.text);
    const rows = await usage(user.id);
    expect(rows.map((u) => [u.provider, u.success, u.streamed])).toEqual([
      ['openai', false, true],
      ['anthropic', false, true],
      ['ollama', true, true],
    ]);
  });

  it('falls back when a stream stalls before its first token', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'stall' });
    const s = await ai().router.stream({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(s.provider).toBe('anthropic');
    for await (const _ of s.textStream) {
      // drain
    }
    expect((await s.result).usage.completionTokens).toBe(8);
  });

  it('ends with the error when a stream breaks after its first token (no second answer)', async () => {
    const { user } = await createTestUser(t.app);
    standins.openai.set({ chat: 'break-after-first' });
    const s = await ai().router.stream({ userId: user.id, prompt: MEDIUM, operation: 'chat' });
    expect(s.provider).toBe('openai');
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const piece of s.textStream) got.push(piece);
      })(),
    ).rejects.toBeDefined();
    expect(got).toHaveLength(1);
    await expect(s.result).rejects.toMatchObject({ code: 'AI_STREAM_FAILED' });
    expect(standins.anthropic.generations).toHaveLength(0);
    const rows = await usage(user.id);
    expect(rows.map((u) => [u.provider, u.success])).toEqual([['openai', false]]);
  });
  it('counts a stream the reader stopped early as an answered query', async () => {
    const { user } = await createTestUser(t.app);
    standins.ollama.set({ chunkDelayMs: 20 });
    const s = await ai().router.stream({
      userId: user.id,
      prompt: 'hi',
      provider: 'ollama',
      operation: 'chat',
    });
    for await (const _ of s.textStream) break;
    const r = await s.result;
    expect(r.text.length).toBeGreaterThan(0);
    const rows = await usage(user.id);
    expect(rows.map((u) => [u.provider, u.success, u.streamed])).toEqual([['ollama', true, true]]);
  });
});

describe('allowance, cost and credits', () => {
  it('answers 402 once the plan allowance of the month is spent', async () => {
    const { user } = await createTestUser(t.app);
    const rows = Array.from({ length: 100 }, () => ({
      userId: user.id,
      provider: 'ollama',
      model: 'llama3.2',
      operation: 'chat',
      responseTimeMs: 5,
      success: true,
    }));
    await t.app.ctx.database.db.insert(aiUsageLog).values(rows);
    await expect(
      ai().router.generate({ userId: user.id, prompt: 'hi', operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 402,
      code: 'AI_ALLOWANCE_SPENT',
      message: expect.stringContaining('all 100 AI queries'),
    });
    // Failed calls do not count, and last month's do not either.
    await t.app.ctx.database.db
      .update(aiUsageLog)
      .set({ createdAt: new Date(Date.UTC(2000, 0, 1)) })
      .where(eq(aiUsageLog.userId, user.id));
    expect(
      (await ai().router.generate({ userId: user.id, prompt: 'hi', operation: 'chat' })).text,
    ).toBeTruthy();
  });

  it('lets the superadmin past any allowance', async () => {
    const { user } = await createTestUser(t.app, { role: 'superadmin' });
    await t.app.ctx.database.db.insert(aiUsageLog).values(
      Array.from({ length: 100 }, () => ({
        userId: user.id,
        provider: 'ollama',
        model: 'x',
        operation: 'chat',
        responseTimeMs: 1,
        success: true,
      })),
    );
    expect(
      (await ai().router.generate({ userId: user.id, prompt: 'hi', operation: 'chat' })).provider,
    ).toBeTruthy();
  });

  it('records the cost of a paid call and charges it to a prepaid account through the ledger', async () => {
    const { user } = await createTestUser(t.app);
    await makePrepaid(t.app, user.id);
    await fund(t.app, user.id, 10);
    standins.openai.set({ promptTokens: 1000, completionTokens: 500 });
    const r = await ai().router.generate({
      userId: user.id,
      prompt: MEDIUM,
      model: 'gpt-4',
      operation: 'chat',
    });
    expect(r.provider).toBe('openai');
    expect(r.cost).toBeCloseTo(0.045, 9);
    const [row] = await usage(user.id);
    expect(row).toMatchObject({
      provider: 'openai',
      model: 'gpt-4',
      promptTokens: 1000,
      completionTokens: 500,
    });
    expect(row?.cost).toBeCloseTo(0.045, 9);
    const { balance, sum } = await balanceAndSum(t.app, user.id);
    expect(balance).toBeCloseTo(9.955, 6);
    expect(sum).toBeCloseTo(balance, 6);
    const ledger = await t.app.ctx.database.db
      .select()
      .from(billingLedger)
      .where(eq(billingLedger.userId, user.id));
    expect(ledger.find((l) => l.kind === 'credit_deduction')?.description).toBe('AI query (openai gpt-4)');
    // The local model is free: no charge.
    await ai().router.generate({ userId: user.id, prompt: 'hi', provider: 'ollama', operation: 'chat' });
    expect((await balanceAndSum(t.app, user.id)).balance).toBeCloseTo(9.955, 6);
  });

  it('does not charge accounts that are not prepaid, and keeps an empty prepaid account on free providers', async () => {
    const { user: sub } = await createTestUser(t.app);
    await ai().router.generate({ userId: sub.id, prompt: MEDIUM, provider: 'openai', operation: 'chat' });
    const ledger = await t.app.ctx.database.db
      .select()
      .from(billingLedger)
      .where(eq(billingLedger.userId, sub.id));
    expect(ledger).toHaveLength(0);

    const { user: empty } = await createTestUser(t.app);
    await makePrepaid(t.app, empty.id);
    const r = await ai().router.generate({
      userId: empty.id,
      prompt: MEDIUM,
      provider: 'openai',
      operation: 'chat',
    });
    expect(r.provider).toBe('ollama');
    expect(standins.openai.generations).toHaveLength(1);
  });

  it('answers 402 to an empty prepaid account when only paid providers are available', async () => {
    const { user } = await createTestUser(t.app);
    await makePrepaid(t.app, user.id);
    standins.ollama.set({ health: 'fail' });
    standins.huggingface.set({ health: 'fail' });
    await ai().registry.checkAll();
    await expect(
      ai().router.generate({ userId: user.id, prompt: MEDIUM, operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 402,
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(standins.openai.generations).toHaveLength(0);
  });
});
