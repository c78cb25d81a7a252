import { randomUUID } from 'node:crypto';
import { AI_TABLES, EMBEDDING_SIZE } from '@stratos/contracts/ai/knowledge-records.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';

let t: TestApp;
let root: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await createTestUser(t.app, { role: 'superadmin' });
  alice = await createTestUser(t.app);
  bob = await createTestUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as object });

const REFUSED = 'Authentication required for database access';

const knowledge = (n: number, extra: Record<string, unknown> = {}) => ({
  domain: 'javascript',
  type: 'concept',
  title: `Closures ${n}`,
  content: `A closure keeps the variables of the scope it was created in (${n}).`,
  ...extra,
});

async function addKnowledge(record: Record<string, unknown>) {
  const res = await call('POST', '/api/ai/database/ai_knowledge_base', root, { record });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string } & Record<string, unknown>;
}

const stats = async () => (await call('GET', '/api/ai/database/stats', root)).json().stats;

describe('who may call', () => {
  it.each([
    ['POST', '/api/ai/database/init', undefined],
    ['GET', '/api/ai/database/stats', undefined],
    ['POST', '/api/ai/database/ai_knowledge_base', { record: knowledge(0) }],
    ['POST', '/api/ai/database/ai_knowledge_base/batch', { records: [knowledge(0)] }],
    ['POST', '/api/ai/database/query', { sql: 'select 1' }],
    ['GET', '/api/ai/knowledge-base', undefined],
    ['GET', '/api/ai/interactions', undefined],
  ] as const)('%s %s needs a bearer token (401)', async (method, url, body) => {
    const res = await call(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a user writing the platform tables with 403 and the spec message, for every table but interactions', async () => {
    for (const table of AI_TABLES.filter((n) => n !== 'ai_learning_interactions')) {
      const one = await call('POST', `/api/ai/database/${table}`, alice, { record: {} });
      expect([table, one.statusCode, one.json().error.message]).toEqual([table, 403, REFUSED]);
      const many = await call('POST', `/api/ai/database/${table}/batch`, alice, { records: [{}] });
      expect([table, many.statusCode, many.json().error.message]).toEqual([table, 403, REFUSED]);
    }
    expect((await call('POST', '/api/ai/database/init', alice)).json().error.message).toBe(REFUSED);
  });
});

describe('POST /api/ai/database/init', () => {
  it('finds every AI table and answers each with its row count', async () => {
    const before = (await call('POST', '/api/ai/database/init', root)).json();
    expect(Object.keys(before.tables).sort()).toEqual([...AI_TABLES].sort());
    await addKnowledge(knowledge(1000));
    const after = await call('POST', '/api/ai/database/init', root);
    expect(after.statusCode).toBe(200);
    expect(after.json().tables.ai_knowledge_base).toBe(before.tables.ai_knowledge_base + 1);
    expect(after.json().totalRecords).toBe(before.totalRecords + 1);
  });
});

describe('POST /api/ai/database/{table}', () => {
  it('stores a knowledge item and answers it under the spec field names, defaults filled in', async () => {
    const row = await addKnowledge(knowledge(1, { keywords: ['closure', 'scope'] }));
    expect(row).toMatchObject({
      domain: 'javascript',
      type: 'concept',
      title: 'Closures 1',
      keywords: ['closure', 'scope'],
      difficulty_level: 'beginner',
      relevance_score: 0.5,
      source: 'manual',
      usage_count: 0,
    });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(String(row.created_at)).getTime()).toBeGreaterThan(0);
    expect(row).not.toHaveProperty('search_vector');
    expect(row).not.toHaveProperty('content_hash');
    expect(row).not.toHaveProperty('difficultyLevel');
  });

  it('answers an unknown table with 400 and the spec message, whatever the name', async () => {
    for (const name of ['ai_nonsense', 'users', '__proto__', 'constructor']) {
      const res = await call('POST', `/api/ai/database/${name}`, root, { record: knowledge(2) });
      expect([res.statusCode, res.json().error.message]).toEqual([
        400,
        `No seeding method found for table: ${name}`,
      ]);
      const batch = await call('POST', `/api/ai/database/${name}/batch`, root, { records: [knowledge(2)] });
      expect(batch.json().error.message).toBe(`No seeding method found for table: ${name}`);
    }
  });

  it.each([
    ['an unknown field', { ...knowledge(3), bogus: 1 }, /record\.bogus/],
    [
      'camelCase instead of the spec name',
      { ...knowledge(3), difficultyLevel: 'advanced' },
      /record\.difficultyLevel/,
    ],
    [
      'a difficulty outside the three levels',
      knowledge(3, { difficulty_level: 'expert' }),
      /record\.difficulty_level/,
    ],
    ['a missing title', { domain: 'x', type: 'y', content: 'z' }, /record\.title/],
    ['a score above 1', knowledge(3, { relevance_score: 1.5 }), /record\.relevance_score/],
    ['a title with a control character', knowledge(3, { title: 'a\u0001b' }), /record\.title/],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, record, field) => {
    const before = (await stats()).tables.ai_knowledge_base;
    const res = await call('POST', '/api/ai/database/ai_knowledge_base', root, { record });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(field);
    expect((await stats()).tables.ai_knowledge_base).toBe(before);
  });

  it('checks each table by its own schema: connection types, statuses, priorities, 384 numbers', async () => {
    const a = await addKnowledge(knowledge(4));
    const b = await addKnowledge(knowledge(5));
    const post = (table: string, record: Record<string, unknown>) =>
      call('POST', `/api/ai/database/${table}`, root, { record });
    const connection = { source_knowledge_id: a.id, target_knowledge_id: b.id };
    expect(
      (await post('ai_knowledge_connections', { ...connection, connection_type: 'cousin_of' })).statusCode,
    ).toBe(400);
    const linked = await post('ai_knowledge_connections', {
      ...connection,
      connection_type: 'builds_upon',
      strength: 0.8,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({
      connection_type: 'builds_upon',
      strength: expect.closeTo(0.8, 5),
    });

    const vector = Array.from({ length: EMBEDDING_SIZE }, (_, i) => Math.sin(i) / 20);
    const short = await post('ai_knowledge_embeddings', {
      knowledge_id: a.id,
      content_hash: 'h',
      embedding_vector: vector.slice(1),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/record\.embedding_vector/);
    const embedded = await post('ai_knowledge_embeddings', {
      knowledge_id: a.id,
      content_hash: 'h',
      embedding_vector: vector,
    });
    expect(embedded.statusCode).toBe(200);
    expect(embedded.json().data.embedding_vector).toHaveLength(EMBEDDING_SIZE);
    expect(embedded.json().data.content_hash).toBe('h');

    expect(
      (
        await post('ai_learning_improvements', {
          improvement_type: 'x',
          description: 'y',
          implementation_status: 'done',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('ai_learning_improvements', {
          improvement_type: 'x',
          description: 'y',
          implementation_status: 'on_hold',
          priority: 'High',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('ai_learning_patterns', {
          pattern_type: 'x',
          pattern_description: 'y',
          validation_status: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('ai_learning_patterns', {
          pattern_type: 'x',
          pattern_description: 'y',
          validation_status: 'in_review',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('ai_insights', {
          insight_id: 'i-1',
          type: 't',
          title: 'T',
          description: 'D',
          priority: 'urgent',
        })
      ).statusCode,
    ).toBe(400);
    const insight = await post('ai_insights', {
      insight_id: 'i-1',
      type: 't',
      title: 'T',
      description: 'D',
      priority: 'high',
    });
    expect(insight.json().data).toMatchObject({ user_id: null, priority: 'high' });
    expect(
      (await post('ai_domain_expertise', { domain: 'python', subdomain: 'asyncio', success_rate: 0.9 }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post('ai_performance_metrics', {
          metric_name: 'latency',
          metric_value: 812.5,
          metric_unit: 'ms',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('ai_knowledge_enhancement', {
          enhancement_type: 'gpt',
          total_tokens: 1200,
          total_cost: 0.04,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers a record naming a knowledge item that does not exist with 404, storing nothing', async () => {
    const a = await addKnowledge(knowledge(6));
    const ghost = randomUUID();
    const before = (await stats()).tables.ai_knowledge_connections;
    const res = await call('POST', '/api/ai/database/ai_knowledge_connections', root, {
      record: { source_knowledge_id: a.id, target_knowledge_id: ghost, connection_type: 'related_concept' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'REFERENCE_NOT_FOUND' });
    expect(res.json().error.message).toContain('target_knowledge_id');
    expect(res.json().error.message).toContain(ghost);
    expect((await stats()).tables.ai_knowledge_connections).toBe(before);
  });

  it('answers a duplicate id with 409', async () => {
    const a = await addKnowledge(knowledge(7));
    const again = await call('POST', '/api/ai/database/ai_knowledge_base', root, {
      record: knowledge(8, { id: a.id }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DUPLICATE_RECORD');
  });

  it('lets a user record an interaction, always as their own, but not link it to a chat reply', async () => {
    const res = await call('POST', '/api/ai/database/ai_learning_interactions', alice, {
      record: {
        user_id: bob.user.id,
        user_query: 'How do I read a file in Python?',
        ai_response: 'Use open() in a with block.',
        domain: 'python',
        user_context: { page: 'notes' },
        response_time: 420,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: alice.user.id, domain: 'python', response_time: 420 });
    const linked = await call('POST', '/api/ai/database/ai_learning_interactions', alice, {
      record: { user_query: 'q', ai_response: 'r', message_id: randomUUID() },
    });
    expect(linked.statusCode).toBe(400);
    expect(linked.json().error.message).toMatch(/record\.message_id/);
  });
});

describe('POST /api/ai/database/{table}/batch', () => {
  it('stores every record in one go and replies insertedCount', async () => {
    const before = (await stats()).tables.ai_knowledge_base;
    const res = await call('POST', '/api/ai/database/ai_knowledge_base/batch', root, {
      records: [knowledge(10), knowledge(11), knowledge(12, { domain: 'python' })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, table: 'ai_knowledge_base', insertedCount: 3 });
    expect((await stats()).tables.ai_knowledge_base).toBe(before + 3);
  });

  it('stores none when one record is invalid (400 naming it) or names a missing item (404)', async () => {
    const before = await stats();
    const bad = await call('POST', '/api/ai/database/ai_knowledge_base/batch', root, {
      records: [knowledge(13), { ...knowledge(14), title: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/records\.1\.title/);
    const a = await addKnowledge(knowledge(15));
    const missing = await call('POST', '/api/ai/database/ai_knowledge_connections/batch', root, {
      records: [
        { source_knowledge_id: a.id, target_knowledge_id: a.id, connection_type: 'similar_to' },
        { source_knowledge_id: a.id, target_knowledge_id: randomUUID(), connection_type: 'similar_to' },
      ],
    });
    expect(missing.statusCode).toBe(404);
    const after = await stats();
    expect(after.tables.ai_knowledge_base).toBe(before.tables.ai_knowledge_base + 1);
    expect(after.tables.ai_knowledge_connections).toBe(before.tables.ai_knowledge_connections);
  });

  it('takes at most 1000 records', async () => {
    const records = Array.from({ length: 1001 }, (_, i) => knowledge(i));
    const res = await call('POST', '/api/ai/database/ai_knowledge_base/batch', root, { records });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/records/);
  });
});

describe('GET /api/ai/database/stats', () => {
  it('counts every table, with totals', async () => {
    const res = await call('GET', '/api/ai/database/stats', alice);
    expect(res.statusCode).toBe(200);
    const { stats: s } = res.json();
    expect(Object.keys(s.tables).sort()).toEqual([...AI_TABLES].sort());
    expect(s.totalRecords).toBe(Object.values(s.tables as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(s.totalTables).toBe(10);
    expect(s.tablesWithData).toBe(
      Object.values(s.tables as Record<string, number>).filter((n) => n > 0).length,
    );
  });
});

describe('GET /api/ai/knowledge-base', () => {
  it('lists 100 items by default, newest first, filtered by domain and limited on request', async () => {
    const records = Array.from({ length: 105 }, (_, i) => knowledge(100 + i, { domain: 'devops' }));
    await call('POST', '/api/ai/database/ai_knowledge_base/batch', root, { records });
    const all = await call('GET', '/api/ai/knowledge-base', alice);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(100);
    const two = (await call('GET', '/api/ai/knowledge-base?limit=2&domain=python', alice)).json().data;
    expect(two).toHaveLength(1);
    expect(two[0]).toMatchObject({ domain: 'python', title: 'Closures 12', difficulty_level: 'beginner' });
    const devops = (await call('GET', '/api/ai/knowledge-base?limit=1000&domain=devops', alice)).json().data;
    expect(devops).toHaveLength(105);
    expect((await call('GET', '/api/ai/knowledge-base?limit=1001', alice)).statusCode).toBe(400);
    expect((await call('GET', '/api/ai/knowledge-base?limit=0', alice)).statusCode).toBe(400);
  });
});

describe('GET /api/ai/interactions', () => {
  it('shows a user their own interactions only, and the superadmin everyone’s', async () => {
    const record = (who: TestUser, n: number) =>
      call('POST', '/api/ai/database/ai_learning_interactions/batch', who, {
        records: Array.from({ length: n }, (_, i) => ({
          user_query: `question ${i}`,
          ai_response: `answer ${i}`,
        })),
      });
    expect((await record(bob, 3)).json().insertedCount).toBe(3);
    const mine = (await call('GET', '/api/ai/interactions', bob)).json().data as Array<{ user_id: string }>;
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((i) => i.user_id))).toEqual(new Set([bob.user.id]));
    const alices = (await call('GET', '/api/ai/interactions', alice)).json().data as Array<{
      user_id: string;
    }>;
    expect(alices.every((i) => i.user_id === alice.user.id)).toBe(true);
    const everyone = (await call('GET', '/api/ai/interactions', root)).json().data as Array<{
      user_id: string;
    }>;
    expect(new Set(everyone.map((i) => i.user_id))).toEqual(new Set([alice.user.id, bob.user.id]));
    expect((await call('GET', '/api/ai/interactions?limit=2', bob)).json().data).toHaveLength(2);
    expect((await call('GET', '/api/ai/interactions?limit=5000', bob)).statusCode).toBe(400);
  });
});
