import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiKnowledgeBase, aiKnowledgeEmbeddings } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { EMBED_KNOWLEDGE_JOB } from './embed-knowledge.job';
import { embeddedTextHash } from './knowledge-embeddings.repository';
import { knowledgeSearchServicesFor } from './knowledge-search-services';

let standins: AiStandins;
let t: TestApp;
let user: TestUser;
const ids: Record<string, string> = {};

/** A small knowledge base whose texts the stand-in's thesaurus relates (test/standin-embeddings.ts). */
const ITEMS = [
  {
    key: 'car',
    domain: 'automotive',
    title: 'Car engine maintenance',
    content: 'Regular oil changes and servicing keep a car engine running for many years.',
    keywords: ['car', 'engine', 'maintenance'],
  },
  {
    key: 'index',
    domain: 'databases',
    title: 'Database index design',
    content: 'A B-tree index makes a database query fast when it filters on the indexed columns.',
    keywords: ['database', 'index', 'query'],
  },
  {
    key: 'index-mention',
    domain: 'databases',
    title: 'Table statistics',
    content: 'The planner reads table statistics; an index design review starts from them.',
    keywords: ['planner', 'statistics'],
  },
  {
    key: 'neural',
    domain: 'machine_learning',
    title: 'Training neural networks',
    content: 'Gradient descent adjusts the weights of a neural network during training.',
    keywords: ['neural', 'network', 'training'],
  },
  {
    key: 'photo',
    domain: 'design',
    title: 'Photo editing basics',
    content: 'Cropping and colour balance improve a picture before it is shared.',
    keywords: ['photo', 'editing'],
  },
];

const services = () => knowledgeSearchServicesFor(t.app.ctx);
const search = (payload: unknown, who: TestUser | null = user) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ai/knowledge-search',
    headers: who?.headers,
    payload: payload as object,
  });
const idsOf = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp(standins.env());
  user = await createTestUser(t.app);
  const rows = await t.app.ctx.database.db
    .insert(aiKnowledgeBase)
    .values(ITEMS.map(({ key: _k, ...item }) => ({ ...item, type: 'concept' })))
    .returning({ id: aiKnowledgeBase.id, title: aiKnowledgeBase.title });
  for (const item of ITEMS) ids[item.key] = rows.find((r) => r.title === item.title)?.id as string;
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(async () => {
  standins.reset();
  t.app.ctx.embeddings.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
});

describe('pending knowledge embeddings', () => {
  it('are queued for new items, filled once a provider answers, and queued again when the text changes', async () => {
    const all = Object.values(ids);
    standins.ollama.set({ embed: 'fail' });
    standins.openai.set({ embed: 'fail' });
    expect(await services().embeddings.queueFor(all)).toBe(ITEMS.length);
    // Queuing again changes nothing: the texts are the same.
    expect(await services().embeddings.queueFor(all)).toBe(0);
    expect(await services().embeddings.pendingCount()).toBe(ITEMS.length);
    expect(await services().embeddings.fillPending()).toEqual({
      embedded: 0,
      pending: ITEMS.length,
      noProvider: true,
    });

    standins.reset();
    t.app.ctx.embeddings.clearCooldowns();
    expect(await services().embeddings.fillPending()).toEqual({
      embedded: ITEMS.length,
      pending: 0,
      noProvider: false,
    });
    const stored = await t.app.ctx.database.db
      .select()
      .from(aiKnowledgeEmbeddings)
      .where(inArray(aiKnowledgeEmbeddings.knowledgeId, all));
    expect(stored.every((r) => r.embeddingModel === 'ollama/all-minilm')).toBe(true);
    for (const r of stored) {
      expect(r.embeddingVector).toHaveLength(384);
      expect(Math.hypot(...(r.embeddingVector as number[]))).toBeCloseTo(1, 5);
    }
    // The embedded text is the title, a blank line and the content; JavaScript hashes it as SQL does.
    const sent = standins.ollama.embeddings.flatMap((c) => (c.body as { input: string[] }).input);
    expect(sent).toContain(`${ITEMS[0]?.title}\n\n${ITEMS[0]?.content}`);
    const car = stored.find((r) => r.knowledgeId === ids.car);
    expect(car?.contentHash).toBe(embeddedTextHash(ITEMS[0] as { title: string; content: string }));

    const db = t.app.ctx.database.db;
    await db
      .update(aiKnowledgeBase)
      .set({ content: 'Changed text.' })
      .where(eq(aiKnowledgeBase.id, ids.photo as string));
    expect(await services().embeddings.queueFor(all)).toBe(1);
    expect(await services().embeddings.pendingCount()).toBe(1);
    await db
      .update(aiKnowledgeBase)
      .set({ content: ITEMS[4]?.content as string })
      .where(eq(aiKnowledgeBase.id, ids.photo as string));
    await services().embeddings.queueFor(all);
    expect((await services().embeddings.fillPending()).pending).toBe(0);
  });

  it('embeds again the items stored with another model than the one answering now', async () => {
    const all = Object.values(ids);
    await services().embeddings.queueFor(all);
    await services().embeddings.fillPending();
    const db = t.app.ctx.database.db;
    // Vectors of an earlier embedding model (the configured model changed since they were stored).
    await db
      .update(aiKnowledgeEmbeddings)
      .set({ embeddingModel: 'ollama/older-model' })
      .where(inArray(aiKnowledgeEmbeddings.knowledgeId, [ids.car as string, ids.neural as string]));
    const texts = () => standins.ollama.embeddings.flatMap((c) => (c.body as { input: string[] }).input);
    const before = texts().length;
    expect(await services().embeddings.fillPending()).toEqual({ embedded: 2, pending: 0, noProvider: false });
    const rows = await db
      .select({ model: aiKnowledgeEmbeddings.embeddingModel })
      .from(aiKnowledgeEmbeddings)
      .where(inArray(aiKnowledgeEmbeddings.knowledgeId, all));
    expect(rows.map((r) => r.model)).toEqual(all.map(() => 'ollama/all-minilm'));
    expect(texts().length - before).toBe(2);
  });

  it('stays pending when the provider answers vectors of the wrong size, and the job fills it later', async () => {
    const db = t.app.ctx.database.db;
    const [extra] = await db
      .insert(aiKnowledgeBase)
      .values({ domain: 'general', type: 'concept', title: 'Late item', content: 'Written after the seed.' })
      .returning({ id: aiKnowledgeBase.id });
    const id = extra?.id as string;
    await services().embeddings.queueFor([id]);
    standins.ollama.set({ embedDimensions: 768 });
    standins.openai.set({ embedDimensions: 1536 });
    expect(await services().embeddings.fillPending()).toEqual({ embedded: 0, pending: 1, noProvider: true });
    const [row] = await db
      .select()
      .from(aiKnowledgeEmbeddings)
      .where(eq(aiKnowledgeEmbeddings.knowledgeId, id));
    expect(row?.embeddingVector).toBeNull();

    standins.reset();
    t.app.ctx.embeddings.clearCooldowns();
    expect(await t.app.ctx.jobs.runNow(EMBED_KNOWLEDGE_JOB)).toBe(true);
    expect(await services().embeddings.pendingCount()).toBe(0);
    await db.delete(aiKnowledgeBase).where(eq(aiKnowledgeBase.id, id));
  });

  it('refuses a vector of the wrong size at the database too', async () => {
    const db = t.app.ctx.database.db;
    await expect(
      db.execute(
        sql`update ai_knowledge_embeddings set embedding_vector = '{1,2,3}'::real[] where knowledge_id = ${ids.car}`,
      ),
    ).rejects.toThrow();
  });
});

describe('POST /api/ai/knowledge-search', () => {
  it('needs a signed-in user and a valid body', async () => {
    expect((await search({ term: 'index' }, null)).statusCode).toBe(401);
    for (const body of [
      {},
      { term: '  ' },
      { term: 'x', limit: 51 },
      { term: 'x', limit: 0 },
      { term: 'x', extra: 1 },
    ]) {
      const r = await search(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('finds items by full-text search and keywords, best matches first', async () => {
    const r = await search({ term: 'database index design' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ success: true, mode: 'hybrid', embeddingModel: 'ollama/all-minilm' });
    expect(body.keywords).toEqual(['database', 'index', 'design']);
    expect(idsOf(body).slice(0, 2)).toEqual([ids.index, ids['index-mention']]);
    const [first] = body.items;
    expect(first).toMatchObject({
      domain: 'databases',
      type: 'concept',
      title: 'Database index design',
      difficulty_level: 'beginner',
      relevance: 1,
      keywords: ['database', 'index', 'query'],
    });
    expect(first.matched).toEqual(expect.arrayContaining(['keywords', 'fulltext', 'vector']));
    expect(first.snippet).toContain('B-tree index');
    expect(body.items[0].score).toBeGreaterThan(body.items[1].score);
  });

  it('finds a paraphrase that shares no word with the item through its embedding', async () => {
    const body = (await search({ term: 'automobile motor upkeep' })).json();
    expect(body.mode).toBe('hybrid');
    expect(idsOf(body)[0]).toBe(ids.car);
    expect(body.items[0]).toMatchObject({ matched: ['vector'], relevance: 0.5 });
    expect(body.items[0].similarity).toBeGreaterThan(0.7);
  });

  it('gives the domain bonus to items of the named domain', async () => {
    const body = (await search({ term: 'index statistics', domain: 'databases' })).json();
    expect(
      body.items
        .filter((i: { domain: string }) => i.domain === 'databases')
        .map((i: { relevance: number }) => i.relevance),
    ).toEqual([1, 1]);
  });

  it('works on text alone when no embedding provider answers, and says so', async () => {
    standins.ollama.set({ embed: 'fail' });
    standins.openai.set({ embed: 'fail' });
    const body = (await search({ term: 'database index design', limit: 1 })).json();
    expect(body.mode).toBe('text');
    expect(body.reason).toMatch(/embedding/i);
    expect(body.embeddingModel).toBeUndefined();
    expect(idsOf(body)).toEqual([ids.index]);
    expect(body.items[0].matched).toEqual(['keywords', 'fulltext']);
    expect(body.items[0].similarity).toBeNull();
    // The paraphrase needs meaning: text alone finds nothing.
    expect((await search({ term: 'automobile motor upkeep' })).json().items).toEqual([]);
  });

  it('counts how often items are returned', async () => {
    const db = t.app.ctx.database.db;
    const before = await db
      .select({ n: aiKnowledgeBase.usageCount })
      .from(aiKnowledgeBase)
      .where(eq(aiKnowledgeBase.id, ids.neural as string));
    await search({ term: 'neural network training' });
    await search({ term: 'neural network training' });
    await services().usage.flush();
    const after = await db
      .select({ n: aiKnowledgeBase.usageCount })
      .from(aiKnowledgeBase)
      .where(eq(aiKnowledgeBase.id, ids.neural as string));
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
  });

  it("answers section 8's message when the search itself fails", async () => {
    const s = services().search as unknown as { d: { repo: { candidates: () => Promise<never> } } };
    const original = s.d.repo.candidates;
    s.d.repo.candidates = () => Promise.reject(new Error('boom'));
    try {
      const r = await search({ term: 'index' });
      expect(r.statusCode).toBe(500);
      expect(r.json().error.message).toBe('Knowledge search failed');
    } finally {
      s.d.repo.candidates = original;
    }
  });
});

describe('knowledge search rate limit', () => {
  it('refuses searches past AI_SEARCH_RATE_LIMIT_PER_MINUTE from one address with 429', async () => {
    const limited = await createTestApp({ ...standins.env(), AI_SEARCH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const who = await createTestUser(limited.app);
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/ai/knowledge-search',
          headers: who.headers,
          payload: { term: 'index' },
        });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
