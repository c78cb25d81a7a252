import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiUsageLog } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { callCost } from '../providers/cost';

let standins: AiStandins;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp({ ...standins.env(), AI_CHAT_RATE_LIMIT_PER_MINUTE: '1000' });
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
  await inject('PUT', '/api/ai/management/plans/free', admin, {
    allowedModels: null,
    aiQueriesPerMonth: 100,
  });
  standins.reset();
});

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as object });

function parseSse(body: string): Array<{ event: string; data: Record<string, unknown> }> {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
}

describe('options', () => {
  it('offers the providers in the router order with only the models the plan allows', async () => {
    const user = await createTestUser(t.app);
    expect((await inject('GET', '/api/ai/workbench/options')).statusCode).toBe(401);
    const all = (await inject('GET', '/api/ai/workbench/options', user)).json().data;
    expect(all.providers.map((p: { id: string }) => p.id)).toEqual([
      'openai',
      'anthropic',
      'ollama',
      'huggingface',
      'google',
    ]);
    expect(all.providers[0]).toMatchObject({
      available: true,
      models: ['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo'],
    });

    await inject('PUT', '/api/ai/management/plans/free', admin, { allowedModels: ['gpt-4', 'llama3.2:3b'] });
    const some = (await inject('GET', '/api/ai/workbench/options', user)).json().data;
    expect(some.allowedModels).toEqual(['gpt-4', 'llama3.2:3b']);
    const byId = Object.fromEntries(some.providers.map((p: { id: string }) => [p.id, p]));
    expect(byId.openai).toMatchObject({ available: true, models: ['gpt-4'], defaultModel: 'gpt-4' });
    expect(byId.ollama).toMatchObject({ available: true, models: ['llama3.2:3b'] });
    expect(byId.anthropic).toMatchObject({
      available: false,
      models: [],
      reason: 'No model of this provider is on your plan',
    });
  });
});

describe('a run', () => {
  it('streams the reply and reports tokens, timings and the cost the usage log records', async () => {
    const user = await createTestUser(t.app);
    standins.openai.set({
      text: 'Frost comes early; mulch the beds now.',
      promptTokens: 30,
      completionTokens: 11,
    });
    const res = await inject('POST', '/api/ai/workbench/stream', user, {
      provider: 'openai',
      model: 'gpt-4',
      system: 'You are a gardener.',
      prompt: 'How do I prepare a garden for winter?',
      temperature: 0.2,
      maxTokens: 64,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseSse(res.body);
    expect(events[0]).toEqual({ event: 'start', data: { provider: 'openai', model: 'gpt-4' } });
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data.text);
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe('Frost comes early; mulch the beds now.');
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const expectedCost = callCost('openai', 'gpt-4', 30, 11);
    expect(expectedCost).toBeGreaterThan(0);
    expect(done?.data).toMatchObject({
      provider: 'openai',
      model: 'gpt-4',
      text: 'Frost comes early; mulch the beds now.',
      promptTokens: 30,
      completionTokens: 11,
      totalTokens: 41,
      cost: expectedCost,
      failed: [],
    });
    const firstTokenMs = done?.data.firstTokenMs as number;
    expect(firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(done?.data.latencyMs as number).toBeGreaterThanOrEqual(firstTokenMs);

    // What the provider was sent: the system prompt, the prompt, the temperature and the cap.
    const sent = standins.openai.generations.at(-1)?.body as {
      model: string;
      temperature: number;
      max_tokens?: number;
      max_completion_tokens?: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe('gpt-4');
    expect(sent.temperature).toBe(0.2);
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(64);
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: 'You are a gardener.' });

    const rows = await t.app.ctx.database.db
      .select()
      .from(aiUsageLog)
      .where(and(eq(aiUsageLog.userId, user.user.id), eq(aiUsageLog.operation, 'workbench')))
      .orderBy(asc(aiUsageLog.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'openai',
      model: 'gpt-4',
      promptTokens: 30,
      completionTokens: 11,
      tokensUsed: 41,
      cost: expectedCost,
      success: true,
      streamed: true,
    });
  });

  it('refuses a model the plan does not allow with a JSON 403 before streaming', async () => {
    const user = await createTestUser(t.app);
    await inject('PUT', '/api/ai/management/plans/free', admin, { allowedModels: ['llama3.2'] });
    const res = await inject('POST', '/api/ai/workbench/stream', user, {
      model: 'gpt-4',
      prompt: 'Hello there',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'AI_MODEL_NOT_ALLOWED',
      message: 'The model gpt-4 is not available on the Free plan',
    });
    expect(standins.openai.generations).toHaveLength(0);
  });

  it('counts against the allowance like any call', async () => {
    const user = await createTestUser(t.app);
    await inject('PUT', '/api/ai/management/plans/free', admin, { aiQueriesPerMonth: 1 });
    const ok = await inject('POST', '/api/ai/workbench/stream', user, { prompt: 'Hello there' });
    expect(parseSse(ok.body).at(-1)?.event).toBe('done');
    const spent = await inject('POST', '/api/ai/workbench/stream', user, { prompt: 'Hello again' });
    expect(spent.statusCode).toBe(402);
    expect(spent.json().error.code).toBe('AI_ALLOWANCE_SPENT');
  });

  it('answers 400 to bad input', async () => {
    const user = await createTestUser(t.app);
    const bad: unknown[] = [
      {},
      { prompt: '' },
      { prompt: '   ' },
      { prompt: 'hi', temperature: 5 },
      { prompt: 'hi', maxTokens: 0 },
      { prompt: 'hi', maxTokens: 100000 },
      { prompt: 'hi', provider: 'assistant' },
      { prompt: 'hi', provider: 'nope' },
      { prompt: 'hi', model: '' },
      { prompt: 'hi', extra: true },
    ];
    for (const body of bad) {
      expect(
        (await inject('POST', '/api/ai/workbench/stream', user, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(standins.openai.generations).toHaveLength(0);
  });
});
