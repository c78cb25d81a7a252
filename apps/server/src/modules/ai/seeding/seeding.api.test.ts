import {
  SEED_CLEAR_CONFIRMATION,
  SEED_TABLES,
  SEED_TARGETS,
  seedProgressSchema,
} from '@stratos/contracts/ai/seeding.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, createTwoProcessApps, type TestApp, testDbKind } from '../../../../test/test-app';
import { eventually } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { seedCounts } from './seed-generator';

const SCALE = 0.02;
const expected = seedCounts(SCALE);
const expectedTotal = SEED_TABLES.reduce((n, t) => n + expected[t], 0);

let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.app, { role: 'superadmin' });
  user = await createTestUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

const call = (app: TestApp, who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: who?.headers ?? {}, payload });

async function hashes(app: TestApp): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of SEED_TABLES) {
    const r = await app.app.ctx.database.db.execute(
      sql`select content_hash from ${sql.identifier(table)} order by content_hash`,
    );
    out[table] = (r as unknown as { rows: { content_hash: string }[] }).rows.map((x) => x.content_hash);
  }
  return out;
}

/** The `event:`/`data:` pairs of a server-sent event body. */
function events(body: string): { event: string; data: unknown }[] {
  return body.split('\n\n').flatMap((block) => {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '));
    const data = lines.find((l) => l.startsWith('data: '));
    return event && data ? [{ event: event.slice(7), data: JSON.parse(data.slice(6)) }] : [];
  });
}

describe('seeding the eight AI tables', () => {
  it('is the superadmin’s alone', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/ai/seed/smart', {}],
      ['POST', '/api/ai/seed/real', {}],
      ['GET', '/api/ai/seed/check', undefined],
      ['POST', '/api/ai/seed/clear', { confirm: SEED_CLEAR_CONFIRMATION }],
      ['GET', '/api/ai/seed/progress', undefined],
    ] as const) {
      const res = await call(t, user, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe('Authentication required for database access');
      expect((await call(t, null, method, url, payload)).statusCode).toBe(401);
    }
    expect((await call(t, admin, 'GET', '/api/ai/seed/check')).json().hasData).toBe(false);
  });

  it('smart seed reaches every table’s count, then a second one inserts nothing and skips all', async () => {
    const first = await call(t, admin, 'POST', '/api/ai/seed/smart', { scale: SCALE });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(
      ['duration', 'recordsPerSecond', 'success', 'tables', 'totalInserted', 'totalSkipped'].sort(),
    );
    expect(body.totalInserted).toBe(expectedTotal);
    expect(body.totalSkipped).toBe(0);
    for (const table of SEED_TABLES)
      expect(body.tables[table]).toEqual({ inserted: expected[table], skipped: 0 });
    expect(body.recordsPerSecond).toBeGreaterThan(0);

    const check = (await call(t, admin, 'GET', '/api/ai/seed/check')).json();
    expect(check).toMatchObject({
      success: true,
      hasData: true,
      totalRecords: expectedTotal,
      tablesWithData: 8,
      totalTables: 8,
      pendingEmbeddings: expected.ai_knowledge_embeddings,
    });
    for (const table of SEED_TABLES) expect(check.tables[table]).toBe(expected[table]);

    const second = (await call(t, admin, 'POST', '/api/ai/seed/smart', { scale: SCALE })).json();
    expect(second.totalInserted).toBe(0);
    expect(second.totalSkipped).toBe(expectedTotal);

    const real = (await call(t, admin, 'POST', '/api/ai/seed/real', { scale: SCALE })).json();
    expect(Object.keys(real).sort()).toEqual(
      ['duration', 'recordsPerSecond', 'success', 'tables', 'totalRecords'].sort(),
    );
    expect(real.totalRecords).toBe(expectedTotal);
  });

  it('seeded knowledge follows the section 5 rules and connections join real items', async () => {
    const db = t.app.ctx.database.db;
    const rows = (await db.execute(sql`
      select
        (select count(distinct domain)::int from ai_knowledge_base) as domains,
        (select count(*)::int from ai_knowledge_base where type = 'code_example' and content not like '%${sql.raw('```')}%') as code_without_snippet,
        (select count(*)::int from ai_knowledge_base where cardinality(keywords) = 0 or cardinality(keywords) > 10) as bad_keywords,
        (select count(distinct difficulty_level)::int from ai_knowledge_base) as difficulties,
        (select count(*)::int from ai_learning_interactions where length(user_query) <= 10) as short_queries,
        (select count(distinct connection_type)::int from ai_knowledge_connections) as connection_types,
        (select count(*)::int from ai_knowledge_embeddings e join ai_knowledge_base k on k.id = e.knowledge_id
           where e.content_hash <> encode(sha256(convert_to(k.title || E'\\n\\n' || k.content, 'UTF8')), 'hex')) as stale_hashes`)) as unknown as {
      rows: Record<string, number>[];
    };
    expect(rows.rows[0]).toEqual({
      domains: 30,
      code_without_snippet: 0,
      bad_keywords: 0,
      difficulties: 3,
      short_queries: 0,
      connection_types: 12,
      stale_hashes: 0,
    });
  });

  it('is deterministic: a fresh database gets the same records', async () => {
    const other = await createTestApp();
    try {
      const su = await createTestUser(other.app, { role: 'superadmin' });
      expect((await call(other, su, 'POST', '/api/ai/seed/real', { scale: SCALE })).statusCode).toBe(200);
      expect(await hashes(other)).toEqual(await hashes(t));
    } finally {
      await other.close();
    }
  });

  it('refuses a second run while one is in progress (409) and streams its progress', async () => {
    await call(t, admin, 'POST', '/api/ai/seed/clear', { confirm: SEED_CLEAR_CONFIRMATION });
    const idle = await call(t, admin, 'GET', '/api/ai/seed/progress');
    expect(events(idle.body).map((e) => e.event)).toEqual(['idle']);
    expect(idle.body).toMatch(/^retry: \d+$/m);
    const running = call(t, admin, 'POST', '/api/ai/seed/smart', { scale: SCALE });
    // Wait until the run holds the lease, then follow it and ask again.
    for (let i = 0; i < 400 && !(await t.app.ctx.aiSeeding.running()); i++) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const stream = call(t, admin, 'GET', '/api/ai/seed/progress');
    const second = await call(t, admin, 'POST', '/api/ai/seed/real', { scale: SCALE });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/already in progress/);
    const clear = await call(t, admin, 'POST', '/api/ai/seed/clear', { confirm: SEED_CLEAR_CONFIRMATION });
    expect(clear.statusCode).toBe(409);
    expect((await running).json().totalInserted).toBe(expectedTotal);

    const res = await stream;
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const list = events(res.body);
    const progress = list.filter((e) => e.event === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    for (const e of progress) seedProgressSchema.parse(e.data);
    expect(
      progress.some((e) => (e.data as { currentTable: string }).currentTable === 'ai_knowledge_base'),
    ).toBe(true);
    const done = list.at(-1) as { event: string; data: Record<string, unknown> };
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      status: 'succeeded',
      isSeeding: false,
      tablesCompleted: 8,
      totalTables: 8,
      recordsCreated: expectedTotal,
      totalRecords: expectedTotal,
    });
  });

  it('clear needs the confirmation, then empties the eight tables', async () => {
    for (const payload of [{}, { confirm: true }, { confirm: 'yes' }]) {
      const res = await call(t, admin, 'POST', '/api/ai/seed/clear', payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await call(t, admin, 'GET', '/api/ai/seed/check')).json().totalRecords).toBe(expectedTotal);
    const res = await call(t, admin, 'POST', '/api/ai/seed/clear', { confirm: SEED_CLEAR_CONFIRMATION });
    expect(res.json()).toEqual({
      success: true,
      totalDeleted: expectedTotal,
      clearedTables: [...SEED_TABLES],
    });
    const check = (await call(t, admin, 'GET', '/api/ai/seed/check')).json();
    expect(check).toMatchObject({ hasData: false, totalRecords: 0, tablesWithData: 0, pendingEmbeddings: 0 });
  });

  it('fills the full targets of part 2 section 3', { timeout: 180_000 }, async () => {
    const res = await call(t, admin, 'POST', '/api/ai/seed/real', {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalRecords).toBe(90_000);
    const check = (await call(t, admin, 'GET', '/api/ai/seed/check')).json();
    for (const table of SEED_TABLES) expect(check.tables[table]).toBe(SEED_TARGETS[table]);
  });
});

describe.runIf(testDbKind === 'postgres')('seeding across two API processes', () => {
  it('one run at a time cluster-wide; the other process streams its progress from the lease row', async () => {
    const pair = await createTwoProcessApps();
    try {
      const a = await createTestUser(pair.a.app, { role: 'superadmin' });
      const b = await createTestUser(pair.b.app, { role: 'superadmin' });
      const running = call(pair.a, a, 'POST', '/api/ai/seed/smart', { scale: 0.05 });
      for (let i = 0; i < 400 && !(await pair.b.app.ctx.aiSeeding.running()); i++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const stream = call(pair.b, b, 'GET', '/api/ai/seed/progress');
      const refused = await call(pair.b, b, 'POST', '/api/ai/seed/real', { scale: 0.05 });
      expect(refused.statusCode).toBe(409);
      const total = SEED_TABLES.reduce((n, t) => n + seedCounts(0.05)[t], 0);
      expect((await running).json().totalInserted).toBe(total);
      const list = events((await stream).body);
      expect(list.filter((e) => e.event === 'progress').length).toBeGreaterThan(0);
      expect(list.at(-1)).toMatchObject({ event: 'done', data: { status: 'succeeded', isSeeding: false } });
    } finally {
      await pair.close();
    }
  });
});

describe('seeding failures', () => {
  it('answer with the specification’s messages and free the lease', async () => {
    const broken = await createTestApp();
    try {
      const su = await createTestUser(broken.app, { role: 'superadmin' });
      await broken.app.ctx.database.db.execute(sql`drop table ai_learning_patterns`);
      const cases = [
        ['GET', '/api/ai/seed/check', undefined, 'Database check failed'],
        ['POST', '/api/ai/seed/smart', { scale: SCALE }, 'Smart seeding failed'],
        ['POST', '/api/ai/seed/real', { scale: SCALE }, 'Backend seeding failed'],
        ['POST', '/api/ai/seed/clear', { confirm: SEED_CLEAR_CONFIRMATION }, 'Database clear failed'],
      ] as const;
      for (const [method, url, payload, message] of cases) {
        const res = await call(broken, su, method, url, payload);
        expect(res.statusCode, url).toBe(500);
        expect(res.json()).toEqual({ success: false, error: { code: 'SEEDING_FAILED', message } });
      }
      // The failed runs gave the lease back: nothing is reported as running.
      expect(await broken.app.ctx.aiSeeding.state()).toEqual({ running: null, lastStatus: 'failed' });
    } finally {
      await broken.close();
    }
  });
});

describe('embeddings of seeded knowledge', () => {
  it('are computed right after a seed when an embedding provider answers', async () => {
    const standins = await AiStandins.start();
    // Jobs on, so the seed's kick fills in the background (the scheduler's own first poll is later).
    const withProvider = await createTestApp({ ...standins.env(), JOBS_ENABLED: 'true' });
    try {
      const su = await createTestUser(withProvider.app, { role: 'superadmin' });
      const seeded = await call(withProvider, su, 'POST', '/api/ai/seed/smart', { scale: SCALE });
      expect(seeded.json().totalInserted).toBe(expectedTotal);
      await eventually(async () => {
        const check = (await call(withProvider, su, 'GET', '/api/ai/seed/check')).json();
        expect(check.pendingEmbeddings).toBe(0);
      }, 4000);
      const r = await withProvider.app.ctx.database.db.execute(
        sql`select count(*)::int as n from ai_knowledge_embeddings where cardinality(embedding_vector) = 384`,
      );
      expect((r as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(expected.ai_knowledge_embeddings);
    } finally {
      await withProvider.close();
      await standins.close();
    }
  });
});
