import { AI_POLICY_AUDIT, DEFAULT_PROVIDER_ORDER } from '@stratos/contracts/ai/management.schema';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiUsageLog, auditLog, plans, users } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';

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

const ai = () => aiServicesFor(t.app.ctx);
/** Between 100 and 1000 characters: every provider scores alike, so the provider order decides. */
const MEDIUM = `Explain, in a few sentences, how a garden should be prepared for winter. ${'Be specific. '.repeat(4)}`;

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as object });

beforeEach(async () => {
  standins.reset();
  ai().registry.clearCooldowns();
  await ai().registry.checkAll();
  // Every test starts from the defaults: every model, the catalogue's allowance, the chain of section 9.
  expect(
    (
      await inject('PUT', '/api/ai/management/plans/free', admin, {
        allowedModels: null,
        aiQueriesPerMonth: 100,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await inject('PUT', '/api/ai/management/provider-order', admin, { order: [...DEFAULT_PROVIDER_ORDER] }))
      .statusCode,
  ).toBe(200);
  standins.reset();
});

describe('access', () => {
  it('lets admins and the superadmin in and answers 403 to users, 401 to no one', async () => {
    const user = await createTestUser(t.app);
    const root = await createTestUser(t.app, { role: 'superadmin' });
    expect((await inject('GET', '/api/ai/management')).statusCode).toBe(401);
    const refused = await inject('GET', '/api/ai/management', user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'INSUFFICIENT_PERMISSIONS' } });
    expect(
      (await inject('PUT', '/api/ai/management/plans/free', user, { allowedModels: ['gpt-4'] })).statusCode,
    ).toBe(403);
    expect(
      (
        await inject('PUT', '/api/ai/management/provider-order', user, {
          order: [...DEFAULT_PROVIDER_ORDER].reverse(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await inject('GET', '/api/ai/management', root)).statusCode).toBe(200);

    const res = await inject('GET', '/api/ai/management', admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.providerOrder).toEqual(['openai', 'anthropic', 'ollama', 'huggingface', 'google']);
    const free = data.plans.find((p: { planId: string }) => p.planId === 'free');
    expect(free).toMatchObject({ name: 'Free', aiQueriesPerMonth: 100, allowedModels: null });
    // The stand-ins' reported models are offered beside the catalogue's.
    expect(data.models).toContainEqual({ provider: 'ollama', model: 'llama3.2:3b' });
    expect(data.models).toContainEqual({ provider: 'anthropic', model: 'claude-3-haiku-20240307' });
  });

  it('answers 400 to bad input and 404 to an unknown plan', async () => {
    const bad: Array<[string, unknown]> = [
      ['/api/ai/management/plans/free', {}],
      ['/api/ai/management/plans/free', { aiQueriesPerMonth: -1 }],
      ['/api/ai/management/plans/free', { aiQueriesPerMonth: 1.5 }],
      ['/api/ai/management/plans/free', { allowedModels: ['gpt-4', 'gpt-4'] }],
      ['/api/ai/management/plans/free', { allowedModels: [''] }],
      ['/api/ai/management/plans/free', { allowedModels: ['gpt-4'], extra: 1 }],
      [
        '/api/ai/management/provider-order',
        { order: ['openai', 'openai', 'ollama', 'huggingface', 'google'] },
      ],
      ['/api/ai/management/provider-order', { order: ['openai', 'anthropic'] }],
      [
        '/api/ai/management/provider-order',
        { order: ['openai', 'anthropic', 'ollama', 'huggingface', 'assistant'] },
      ],
    ];
    for (const [url, body] of bad) {
      expect((await inject('PUT', url, admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await inject('PUT', '/api/ai/management/plans/nope', admin, { aiQueriesPerMonth: 5 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Plan not found');
  });
});

describe('model allow-list', () => {
  it('refuses a model the plan does not allow and routes others to an allowed one', async () => {
    const user = await createTestUser(t.app);
    const set = await inject('PUT', '/api/ai/management/plans/free', admin, {
      allowedModels: ['claude-3-haiku-20240307', 'llama3.2'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.plan.allowedModels).toEqual(['claude-3-haiku-20240307', 'llama3.2']);

    const refused = await inject('POST', '/api/ai/chat', user, { message: MEDIUM, model: 'gpt-4' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'AI_MODEL_NOT_ALLOWED',
      message: 'The model gpt-4 is not available on the Free plan',
    });
    expect(standins.openai.generations).toHaveLength(0);

    // No model named: OpenAI (first in the chain) has no allowed model, so Anthropic answers.
    const r = await ai().router.generate({ userId: user.user.id, prompt: MEDIUM, operation: 'chat' });
    expect([r.provider, r.model]).toEqual(['anthropic', 'claude-3-haiku-20240307']);
    expect(standins.openai.generations).toHaveLength(0);
    // Ollama reports llama3.2 as llama3.2:latest: the same model.
    const local = await ai().router.generate({
      userId: user.user.id,
      prompt: MEDIUM,
      provider: 'ollama',
      operation: 'chat',
    });
    expect(local.provider).toBe('ollama');

    const rows = await t.app.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operation, AI_POLICY_AUDIT.planPolicy))
      .orderBy(asc(auditLog.createdAt));
    expect(rows.at(-1)).toMatchObject({
      userId: admin.user.id,
      details: { planId: 'free', allowedModels: { from: null, to: ['claude-3-haiku-20240307', 'llama3.2'] } },
    });
  });

  it('says so when the plan allows no model any available provider has, and lets the superadmin past', async () => {
    const user = await createTestUser(t.app);
    const root = await createTestUser(t.app, { role: 'superadmin' });
    await inject('PUT', '/api/ai/management/plans/free', admin, { allowedModels: ['some-retired-model'] });
    await expect(
      ai().router.generate({ userId: user.user.id, prompt: MEDIUM, operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 403,
      code: 'AI_NO_MODEL_ALLOWED',
      message: 'No AI model is available on the Free plan',
    });
    expect(
      (
        await ai().router.generate({
          userId: root.user.id,
          prompt: MEDIUM,
          model: 'gpt-4',
          operation: 'chat',
        })
      ).model,
    ).toBe('gpt-4');
  });
});

describe('monthly allowance', () => {
  it('stores the plan allowance and refuses past it with the allowance message', async () => {
    const user = await createTestUser(t.app);
    const set = await inject('PUT', '/api/ai/management/plans/free', admin, { aiQueriesPerMonth: 1 });
    expect(set.json().data.plan).toMatchObject({ aiQueriesPerMonth: 1 });
    const [row] = await t.app.ctx.database.db.select().from(plans).where(eq(plans.id, 'free'));
    expect(row?.aiQueriesPerMonth).toBe(1);

    await ai().router.generate({ userId: user.user.id, prompt: MEDIUM, operation: 'chat' });
    const spent = await inject('POST', '/api/ai/chat', user, { message: MEDIUM });
    expect(spent.statusCode).toBe(402);
    expect(spent.json().error).toMatchObject({
      code: 'AI_ALLOWANCE_SPENT',
      message:
        'You have used all 1 AI queries of your plan this month. Upgrade your plan or wait until next month.',
    });
    // The page counts this month's queries of the plan's users from the usage log.
    const overview = (await inject('GET', '/api/ai/management', admin)).json().data;
    const used = await t.app.ctx.database.db
      .select({ id: aiUsageLog.id })
      .from(aiUsageLog)
      .innerJoin(users, eq(users.id, aiUsageLog.userId))
      // Embedding calls (the chat's file retrieval) are not queries.
      .where(
        and(
          eq(users.subscriptionPlan, 'free'),
          eq(aiUsageLog.success, true),
          ne(aiUsageLog.operation, 'embedding'),
        ),
      );
    expect(used.length).toBeGreaterThan(0);
    expect(overview.plans.find((p: { planId: string }) => p.planId === 'free').queriesThisMonth).toBe(
      used.length,
    );

    // Unlimited again: the same user is admitted at once.
    await inject('PUT', '/api/ai/management/plans/free', admin, { aiQueriesPerMonth: null });
    expect((await inject('POST', '/api/ai/chat', user, { message: MEDIUM })).statusCode).toBe(200);
  });
});

describe('provider order', () => {
  it('changes which provider answers first, and the fallback behind it', async () => {
    const user = await createTestUser(t.app);
    const first = await ai().router.generate({ userId: user.user.id, prompt: MEDIUM, operation: 'chat' });
    expect(first.provider).toBe('openai');

    const order = ['anthropic', 'huggingface', 'ollama', 'openai', 'google'];
    const set = await inject('PUT', '/api/ai/management/provider-order', admin, { order });
    expect(set.json().data.providerOrder).toEqual(order);
    expect((await inject('GET', '/api/ai/management', admin)).json().data.providerOrder).toEqual(order);
    const second = await ai().router.generate({ userId: user.user.id, prompt: MEDIUM, operation: 'chat' });
    expect(second.provider).toBe('anthropic');
    // The provider list (chat selector, console) shows the same order as its priority.
    const listed = (await inject('GET', '/api/ai/providers', user)).json().data.providers as {
      id: string;
      priority: number | null;
    }[];
    expect(
      listed
        .filter((p) => p.priority !== null)
        .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0))
        .map((p) => p.id),
    ).toEqual(order);

    standins.anthropic.set({ chat: 'fail' });
    const third = await ai().router.generate({ userId: user.user.id, prompt: MEDIUM, operation: 'chat' });
    expect(third.failed.map((f) => f.provider)).toEqual(['anthropic']);
    expect(third.provider).toBe('huggingface');

    const audit = await t.app.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operation, AI_POLICY_AUDIT.providerOrder))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.at(-1)?.details).toEqual({ from: [...DEFAULT_PROVIDER_ORDER], to: order });
  });
});
