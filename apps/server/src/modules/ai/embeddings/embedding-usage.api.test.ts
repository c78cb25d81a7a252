import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiUsageLog } from '../../../db/schema/index';
import { AiPolicyRepository } from '../management/ai-policy.repository';
import { aiServicesFor } from '../providers/ai-services';
import { EMBEDDING_OPERATION, estimateTokens } from './embedding.service';

let standins: AiStandins;
let t: TestApp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp(standins.env());
  user = await createTestUser(t.app);
  admin = await createTestUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(async () => {
  standins.reset();
  t.app.ctx.embeddings.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
  await t.app.ctx.database.db.delete(aiUsageLog);
});

const embeddings = () => t.app.ctx.embeddings;
const db = () => t.app.ctx.database.db;
const usageRows = () => db().select().from(aiUsageLog).orderBy(aiUsageLog.id);

describe('embedding usage rows', () => {
  it("logs an answered call as operation 'embedding' with the provider's token count and no cost locally", async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `text number ${i}`);
    const repo = aiServicesFor(t.app.ctx).repo;
    const one = vi.spyOn(repo, 'logUsage');
    const many = vi.spyOn(repo, 'logUsageRows');
    try {
      const r = await embeddings().embed(texts, { userId: user.user.id, purpose: 'file-index' });
      expect(r?.vectors).toHaveLength(300);
      // Three provider batches, one usage row, one insert.
      expect(standins.ollama.embeddings).toHaveLength(3);
      expect(one.mock.calls.length + many.mock.calls.length).toBe(1);
    } finally {
      one.mockRestore();
      many.mockRestore();
    }
    const [row, ...rest] = await usageRows();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      userId: user.user.id,
      provider: 'ollama',
      model: 'all-minilm',
      operation: EMBEDDING_OPERATION,
      // The stand-in counts one token per text, as Ollama's prompt_eval_count reports it.
      promptTokens: 300,
      completionTokens: 0,
      tokensUsed: 300,
      cost: 0,
      success: true,
      error: null,
      metadata: { purpose: 'file-index', texts: 300 },
    });
  });

  it("logs every provider tried, in one insert, with OpenAI's price for its tokens", async () => {
    standins.ollama.set({ embed: 'fail' });
    const repo = aiServicesFor(t.app.ctx).repo;
    const one = vi.spyOn(repo, 'logUsage');
    const many = vi.spyOn(repo, 'logUsageRows');
    try {
      const r = await embeddings().embed(['a', 'b', 'c'], { userId: user.user.id, purpose: 'file-index' });
      expect(r?.model).toBe('openai/text-embedding-3-small');
      expect(one).not.toHaveBeenCalled();
      expect(many).toHaveBeenCalledTimes(1);
    } finally {
      one.mockRestore();
      many.mockRestore();
    }
    const [failed, answered] = await usageRows();
    expect(failed).toMatchObject({
      provider: 'ollama',
      operation: 'embedding',
      success: false,
      tokensUsed: 0,
      cost: 0,
      metadata: { purpose: 'file-index', texts: 3 },
    });
    expect(failed?.error).toBeTruthy();
    expect(answered).toMatchObject({
      provider: 'openai',
      model: 'text-embedding-3-small',
      success: true,
      promptTokens: 3,
      metadata: { purpose: 'file-index', texts: 3 },
    });
    // $0.02 per million tokens.
    expect(answered?.cost).toBeCloseTo(3 * 0.00000002, 12);
  });

  it('logs nothing when there is nothing to embed or no provider to ask', async () => {
    await embeddings().embed([], { userId: user.user.id, purpose: 'file-index' });
    standins.ollama.set({ embed: 'fail' });
    standins.openai.set({ embed: 'fail' });
    expect(await embeddings().embed(['x'], { userId: null, purpose: 'knowledge-index' })).toBeNull();
    expect(await usageRows()).toHaveLength(2);
    // Both providers now cool down: the next call asks no one and logs nothing.
    expect(await embeddings().embed(['x'], { userId: null, purpose: 'knowledge-index' })).toBeNull();
    expect(await usageRows()).toHaveLength(2);
  });

  it("logs the platform's own indexing without a user, and a search for the user who searched", async () => {
    await embeddings().embed(['shared knowledge'], { userId: null, purpose: 'knowledge-index' });
    const platform = await db().select().from(aiUsageLog).where(isNull(aiUsageLog.userId));
    expect(platform).toHaveLength(1);
    expect(platform[0]?.metadata).toMatchObject({ purpose: 'knowledge-index' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/knowledge-search',
      headers: user.headers,
      payload: { term: 'database index design', limit: 5 },
    });
    expect(res.statusCode).toBe(200);
    // A search does not wait for its usage row: it is held for the next flush (within a second).
    const mine = () =>
      db()
        .select()
        .from(aiUsageLog)
        .where(and(eq(aiUsageLog.userId, user.user.id), eq(aiUsageLog.operation, 'embedding')))
        .orderBy(aiUsageLog.id);
    await embeddings().flushUsage();
    expect(await mine()).toHaveLength(1);
    expect((await mine())[0]?.metadata).toMatchObject({ purpose: 'knowledge-search', texts: 1 });

    // A question embedded for retrieval from the user's files is theirs too.
    await embeddings().embed(['what is in my notes'], { userId: user.user.id, purpose: 'file-search' });
    await embeddings().embed(['and my photos'], { userId: user.user.id, purpose: 'file-search' });
    const repo = aiServicesFor(t.app.ctx).repo;
    const one = vi.spyOn(repo, 'logUsage');
    const many = vi.spyOn(repo, 'logUsageRows');
    try {
      await embeddings().flushUsage();
      // Held rows of several searches go in one insert.
      expect(one).not.toHaveBeenCalled();
      expect(many).toHaveBeenCalledTimes(1);
    } finally {
      one.mockRestore();
      many.mockRestore();
    }
    expect(await mine()).toHaveLength(3);
    expect((await mine())[1]?.metadata).toMatchObject({ purpose: 'file-search' });
  });

  it('estimates about four characters a token when a provider gives no count', () => {
    expect(estimateTokens(['abcd', 'abcde', ''])).toBe(1 + 2 + 0);
  });
});

describe('embedding rows and the other figures', () => {
  const chatRow = (userId: string) => ({
    userId,
    provider: 'ollama',
    model: 'llama3.2:latest',
    operation: 'chat',
    promptTokens: 10,
    completionTokens: 20,
    tokensUsed: 30,
    responseTimeMs: 800,
    success: true,
  });

  it("never spend the monthly allowance, here or on the management page's count", async () => {
    const usage = aiServicesFor(t.app.ctx).usage;
    const freePlan = async () =>
      (await new AiPolicyRepository(db()).planPolicies(new Date(0))).find((p) => p.planId === 'free');
    expect((await usage.standing(user.user.id))?.limit).toBe(100);
    await embeddings().embed(['a'], { userId: user.user.id, purpose: 'knowledge-search' });
    await embeddings().embed(['b', 'c'], { userId: user.user.id, purpose: 'file-index' });
    await embeddings().flushUsage();
    expect(await usageRows()).toHaveLength(2);
    expect((await usage.standing(user.user.id))?.used).toBe(0);
    expect((await freePlan())?.queriesThisMonth).toBe(0);
    await db().insert(aiUsageLog).values(chatRow(user.user.id));
    expect((await usage.standing(user.user.id))?.used).toBe(1);
    expect((await freePlan())?.queriesThisMonth).toBe(1);
  });

  it('are their own operation in the usage report and left out of the performance figures', async () => {
    await db().insert(aiUsageLog).values(chatRow(user.user.id));
    standins.ollama.set({ embed: 'fail' });
    await embeddings().embed(['a', 'b'], { userId: user.user.id, purpose: 'file-index' });
    await embeddings().embed(['shared'], { userId: null, purpose: 'knowledge-index' });
    // A failed embedding and a fast one next to one chat call.
    expect(await usageRows()).toHaveLength(4);

    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/ai/analytics/usage',
      headers: user.headers,
    });
    expect(usage.statusCode).toBe(200);
    const ops = usage.json().data.byOperation as { key: string; calls: number; failures: number }[];
    expect(ops.map((o) => [o.key, o.calls, o.failures]).sort()).toEqual([
      ['chat', 1, 0],
      ['embedding', 2, 1],
    ]);

    const perf = await t.app.inject({
      method: 'GET',
      url: '/api/ai/analytics/performance',
      headers: user.headers,
    });
    expect(perf.statusCode).toBe(200);
    const overall = perf.json().data.overall;
    expect(overall).toMatchObject({ calls: 1, failures: 0, requests: 1, fallbacks: 0, p50: 800 });
    expect(perf.json().data.topErrors).toEqual([]);

    // An admin's export names the platform's rows, which have no user.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/ai/analytics/usage.csv',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(
      /\n\d{4}-\d\d-\d\d,\(platform\),openai,text-embedding-3-small,embedding,1,0,1,0,1,/,
    );
    const platformRows = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(aiUsageLog)
      .where(isNull(aiUsageLog.userId));
    expect(Number(platformRows[0]?.n)).toBe(1);
  });
});
