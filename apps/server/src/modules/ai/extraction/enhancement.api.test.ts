import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiInsights, aiKnowledgeEnhancement, aiUsageLog } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';

let standins: AiStandins;
let t: TestApp;
let su: TestUser;

beforeAll(async () => {
  standins = await AiStandins.start();
  // Every provider has a platform key: gpt-4 on the OpenAI stand-in is available.
  t = await createTestApp(standins.env());
  su = await createTestUser(t.app, { role: 'superadmin' });
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

const query = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/ai/enhancement/query', headers: su.headers, payload });

const count = async (table: typeof aiInsights | typeof aiKnowledgeEnhancement) =>
  Number((await t.app.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);

describe('the superadmin enhancement query', () => {
  it('asks gpt-4 with 1000 tokens, temperature 0.7 and the caller’s context; answers response, model, tokens and cost', async () => {
    standins.openai.set({ text: 'Add more troubleshooting items for Kubernetes networking.' });
    const res = await query({ query: 'Which domains need more knowledge?' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 12 prompt + 8 completion tokens at gpt-4's 0.00003 a token.
    expect(body).toMatchObject({
      success: true,
      response: 'Add more troubleshooting items for Kubernetes networking.',
      model: 'gpt-4',
      provider: 'openai',
      tokens: 20,
      stored: null,
    });
    expect(body.cost).toBeCloseTo(20 * 0.00003, 10);
    const sent = standins.openai.generations.at(-1)?.body as {
      model: string;
      max_tokens?: number;
      max_completion_tokens?: number;
      temperature: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe('gpt-4');
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(1000);
    expect(sent.temperature).toBe(0.7);
    const system = sent.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain(`"email":"${su.user.email}"`);
    expect(system).toContain('"role":"superadmin"');
    expect(system).toContain('"capabilities":[');
    expect(sent.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'Which domains need more knowledge?',
    });

    // Logged and charged like any call.
    const [row] = await t.app.ctx.database.db
      .select()
      .from(aiUsageLog)
      .where(eq(aiUsageLog.userId, su.user.id))
      .orderBy(desc(aiUsageLog.id))
      .limit(1);
    expect(row).toMatchObject({ operation: 'enhancement', model: 'gpt-4', tokensUsed: 20, success: true });
    expect(row?.cost).toBeCloseTo(body.cost, 10);
  });

  it('without OpenAI the best available provider answers', async () => {
    standins.openai.set({ health: 'fail', chat: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const body = (await query({ query: 'Summarise the knowledge base' })).json();
    expect(body.provider).not.toBe('openai');
    expect(body.model).not.toBe('gpt-4');
    expect(body.response.length).toBeGreaterThan(0);
    expect(standins.openai.generations).toHaveLength(0);
  });

  it('stores the result in ai_knowledge_enhancement and ai_insights when asked', async () => {
    standins.openai.set({
      text: 'Critical: the security domain has too few advanced items.',
      promptTokens: 30,
      completionTokens: 10,
    });
    const body = (await query({ query: 'What should we improve first?', store: true })).json();
    expect(body.stored).toMatchObject({
      enhancementId: expect.any(String),
      insightId: `enhancement-${body.stored.enhancementId}`,
    });
    const db = t.app.ctx.database.db;
    const [enh] = await db
      .select()
      .from(aiKnowledgeEnhancement)
      .where(eq(aiKnowledgeEnhancement.id, body.stored.enhancementId));
    expect(enh).toMatchObject({ enhancementType: 'superadmin_query', totalTokens: 40 });
    expect(enh?.totalCost).toBeCloseTo(40 * 0.00003, 10);
    expect(enh?.knowledgeData).toMatchObject({ query: 'What should we improve first?', model: 'gpt-4' });
    expect(enh?.conversationExchanges).toHaveLength(2);
    const [insight] = await db
      .select()
      .from(aiInsights)
      .where(eq(aiInsights.insightId, body.stored.insightId));
    // Section 5: "critical" gives high priority.
    expect(insight).toMatchObject({
      userId: su.user.id,
      type: 'knowledge_enhancement',
      title: 'What should we improve first?',
      description: 'Critical: the security domain has too few advanced items.',
      priority: 'high',
      actionable: true,
    });
  });

  it('refuses a blank query before any call', async () => {
    const res = await query({ query: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('A query is required');
    expect(standins.openai.generations).toHaveLength(0);
  });

  it('answers 503 with the router’s message when no provider is available', async () => {
    for (const s of Object.values(standins.all)) s.set({ health: 'fail', chat: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const res = await query({ query: 'Anything?' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('No AI providers available');
  });

  // Last: it drops a table.
  it('stores both records or neither', async () => {
    const before = await count(aiKnowledgeEnhancement);
    await t.app.ctx.database.db.execute(sql`drop table ai_insights`);
    const res = await query({ query: 'Store this please', store: true });
    expect(res.statusCode).toBe(500);
    expect(await count(aiKnowledgeEnhancement)).toBe(before);
  });
});
