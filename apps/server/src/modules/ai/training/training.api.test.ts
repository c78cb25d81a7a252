import { TRAINING_MESSAGES } from '@stratos/contracts/ai/training.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import {
  aiChatFeedback,
  aiChatMessages,
  aiConversations,
  aiLearningInteractions,
} from '../../../db/schema/index';
import { EXPORT_PAGE } from './training.service';

let t: TestApp;
let plain: TestUser;
let trainer: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

type Seed = {
  key: string;
  who: () => TestUser | null;
  q: string;
  a: string;
  sat: number | null;
  helpful: boolean | null;
  model: string;
  domain: string;
  at: string;
};

beforeAll(async () => {
  t = await createTestApp();
  plain = await createTestUser(t.app);
  trainer = await createTestUser(t.app, { grantedPermissions: ['ai:train'] });
  admin = await createTestUser(t.app, { role: 'admin' });
  const db = t.app.ctx.database.db;
  const seeds: Seed[] = [
    {
      key: 't1',
      who: () => trainer,
      q: 'How do I share a file?',
      a: 'Open the file and choose Share.',
      sat: 1,
      helpful: true,
      model: 'llama3.2',
      domain: 'storage',
      at: '2026-03-01T09:00:00Z',
    },
    {
      key: 't2',
      who: () => trainer,
      q: 'Explain "quotas"',
      a: 'A quota is\nthe space you may use.',
      sat: 0.8,
      helpful: true,
      model: 'gpt-4',
      domain: 'storage',
      at: '2026-03-02T09:00:00Z',
    },
    {
      key: 't3',
      who: () => trainer,
      q: 'Write a poem',
      a: 'No.',
      sat: 0.2,
      helpful: false,
      model: 'llama3.2',
      domain: 'general',
      at: '2026-03-03T09:00:00Z',
    },
    {
      key: 't4',
      who: () => trainer,
      q: 'Unrated question',
      a: 'Unrated answer.',
      sat: null,
      helpful: null,
      model: 'llama3.2',
      domain: 'general',
      at: '2026-03-04T09:00:00Z',
    },
    {
      key: 'o1',
      who: () => plain,
      q: 'Someone else',
      a: 'Their answer.',
      sat: 1,
      helpful: true,
      model: 'llama3.2',
      domain: 'storage',
      at: '2026-03-01T10:00:00Z',
    },
    {
      key: 'p1',
      who: () => null,
      q: 'Seeded question',
      a: 'Seeded answer.',
      sat: 0.6,
      helpful: null,
      model: 'claude',
      domain: 'science',
      at: '2026-02-01T10:00:00Z',
    },
  ];
  for (const s of seeds) {
    const [row] = await db
      .insert(aiLearningInteractions)
      .values({
        userId: s.who()?.user.id ?? null,
        userQuery: s.q,
        aiResponse: s.a,
        satisfactionScore: s.sat,
        wasHelpful: s.helpful,
        modelUsed: s.model,
        domain: s.domain,
        createdAt: new Date(s.at),
      })
      .returning();
    ids[s.key] = row?.id as string;
  }
  // Feedback with a comment on the chat reply behind t3.
  const [conv] = await db.insert(aiConversations).values({ userId: trainer.user.id, title: 'c' }).returning();
  const [msg] = await db
    .insert(aiChatMessages)
    .values({ conversationId: conv?.id as string, role: 'assistant', content: 'No.' })
    .returning();
  await db.insert(aiChatFeedback).values({
    messageId: msg?.id as string,
    userId: trainer.user.id,
    rating: 1,
    comment: 'Refused for no reason',
  });
  const { eq } = await import('drizzle-orm');
  await db
    .update(aiLearningInteractions)
    .set({ messageId: msg?.id as string })
    .where(eq(aiLearningInteractions.id, ids.t3 as string));
});
afterAll(() => t?.close());

const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.headers });
const list = async (who: TestUser, query = '') => {
  const res = await get(`/api/ai/training/examples${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const review = (who: TestUser, idList: string[], r: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/ai/training/review',
    headers: who.headers,
    payload: { ids: idList, review: r },
  });
const queries = (data: { items: { query: string }[] }) => data.items.map((i) => i.query);

describe('training dataset access', () => {
  it('needs ai:train: 403 for a plain user on every call', async () => {
    for (const url of ['/api/ai/training/examples', '/api/ai/training/export.jsonl']) {
      const res = await get(url, plain);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    expect((await review(plain, [ids.o1 as string], 'included')).statusCode).toBe(403);
  });

  it('shows a trainer their own interactions only, newest first, with the feedback comment', async () => {
    const data = await list(trainer);
    expect(data.scope).toBe('own');
    expect(queries(data)).toEqual([
      'Unrated question',
      'Write a poem',
      'Explain "quotas"',
      'How do I share a file?',
    ]);
    expect(data.total).toBe(4);
    expect(data.models).toEqual(['gpt-4', 'llama3.2']);
    expect(data.domains).toEqual(['general', 'storage']);
    expect(data.items[1]).toMatchObject({
      rating: 1,
      wasHelpful: false,
      comment: 'Refused for no reason',
      review: null,
    });
    expect(data.items[0]).toMatchObject({ rating: null, wasHelpful: null, comment: null });
  });

  it("shows admins everyone's, platform rows included", async () => {
    const data = await list(admin);
    expect(data.scope).toBe('all');
    expect(data.total).toBe(6);
    expect(data.items.find((i: { query: string }) => i.query === 'Someone else').userEmail).toBe(
      plain.user.email,
    );
    expect(data.items.find((i: { query: string }) => i.query === 'Seeded question').userId).toBeNull();
  });
});

describe('filters', () => {
  it.each([
    ['?minRating=4', ['Explain "quotas"', 'How do I share a file?']],
    ['?maxRating=1', ['Write a poem']],
    ['?model=gpt-4', ['Explain "quotas"']],
    ['?domain=general', ['Unrated question', 'Write a poem']],
    ['?helpful=false', ['Write a poem']],
    ['?helpful=unrated', ['Unrated question']],
    ['?from=2026-03-02&to=2026-03-03', ['Write a poem', 'Explain "quotas"']],
    ['?search=SHARE', ['How do I share a file?']],
    ['?limit=1&offset=1', ['Write a poem']],
  ])('%s', async (query, expected) => {
    expect(queries(await list(trainer, query))).toEqual(expected);
  });

  it('refuses a bad filter', async () => {
    expect((await get('/api/ai/training/examples?minRating=9', trainer)).statusCode).toBe(400);
    expect((await get('/api/ai/training/examples?from=March', trainer)).statusCode).toBe(400);
  });
});

describe('review and export', () => {
  it('answers 404 for an example the reviewer may not see, changing nothing', async () => {
    const res = await review(trainer, [ids.t1 as string, ids.o1 as string], 'included');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(TRAINING_MESSAGES.notFound);
    expect((await list(trainer)).included).toBe(0);
  });

  it('exports exactly the included examples matching the filters, oldest first, as chat JSONL', async () => {
    expect(
      (await review(trainer, [ids.t1, ids.t2, ids.t3] as string[], 'included')).json().data.updated,
    ).toBe(3);
    expect((await review(trainer, [ids.t3 as string], 'excluded')).statusCode).toBe(200);
    const data = await list(trainer);
    expect([data.included, data.excluded]).toEqual([2, 1]);
    expect(queries(await list(trainer, '?review=unreviewed'))).toEqual(['Unrated question']);

    const res = await get('/api/ai/training/export.jsonl', trainer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="stratos-training-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    expect(res.body).toBe(
      '{"messages":[{"role":"user","content":"How do I share a file?"},{"role":"assistant","content":"Open the file and choose Share."}]}\n' +
        '{"messages":[{"role":"user","content":"Explain \\"quotas\\""},{"role":"assistant","content":"A quota is\\nthe space you may use."}]}\n',
    );
    const filtered = await get('/api/ai/training/export.jsonl?model=gpt-4', trainer);
    expect(filtered.body.trim().split('\n')).toHaveLength(1);
    // The admin's export has everyone's included ones: the trainer's two.
    expect((await get('/api/ai/training/export.jsonl', admin)).body.trim().split('\n')).toHaveLength(2);
    // Back to unreviewed: out of the export.
    await review(trainer, [ids.t2 as string], 'unreviewed');
    expect(
      (await get('/api/ai/training/export.jsonl', trainer)).body.split('\n').filter(Boolean),
    ).toHaveLength(1);
  });

  it('streams a dataset larger than one page completely', async () => {
    const db = t.app.ctx.database.db;
    const n = EXPORT_PAGE * 2 + 3;
    const start = Date.parse('2026-04-01T00:00:00Z');
    const rows = await db
      .insert(aiLearningInteractions)
      .values(
        Array.from({ length: n }, (_, i) => ({
          userId: admin.user.id,
          userQuery: `bulk question ${i}`,
          aiResponse: `bulk answer ${i}`,
          domain: 'bulk',
          // Pairs share a timestamp: the keyset's id tiebreak must not skip or repeat one.
          createdAt: new Date(start + Math.floor(i / 2) * 1000),
        })),
      )
      .returning({ id: aiLearningInteractions.id });
    for (let i = 0; i < rows.length; i += 100) {
      const res = await review(
        admin,
        rows.slice(i, i + 100).map((r) => r.id),
        'included',
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await get('/api/ai/training/export.jsonl?domain=bulk', admin);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).messages[0].content as string);
    expect(lines).toHaveLength(n);
    expect(new Set(lines).size).toBe(n);
  });
});
