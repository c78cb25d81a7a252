import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDbKind } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { auditLog } from '../../../db/schema/index';
import { KnowledgeDataRepository } from './knowledge-data.repository';
import { KnowledgeQueryService } from './knowledge-query.service';

let t: TestApp;
let root: TestUser;
let alice: TestUser;
let schema: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await createTestUser(t.app, { role: 'superadmin' });
  alice = await createTestUser(t.app);
  schema = await new KnowledgeDataRepository(t.app.ctx.database.db).currentSchema();
  const records = ['javascript', 'javascript', 'python'].map((domain, i) => ({
    domain,
    type: 'concept',
    title: `Item ${i}`,
    content: `Content ${i}`,
  }));
  const seeded = await t.app.inject({
    method: 'POST',
    url: '/api/ai/database/ai_knowledge_base/batch',
    headers: root.headers,
    payload: { records },
  });
  expect(seeded.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const query = (body: { sql: string; params?: unknown[] }, who: TestUser = root) =>
  t.app.inject({ method: 'POST', url: '/api/ai/database/query', headers: who.headers, payload: body });

/** The newest audit rows of the SQL call. */
const audits = async (n: number) =>
  (
    await t.app.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operation, 'ai.database_query'))
      .orderBy(desc(auditLog.id))
      .limit(n)
  ).map((r) => ({ userId: r.userId, ...r.details }));

describe('POST /api/ai/database/query', () => {
  it('runs a read-only statement with bound parameters and answers its rows, counts as numbers on both engines', async () => {
    const res = await query({
      sql: "select domain, count(*) as n from ai_knowledge_base where domain = any(string_to_array($1, ',')) group by domain order by domain",
      params: ['javascript,python'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      rows: [
        { domain: 'javascript', n: 2 },
        { domain: 'python', n: 1 },
      ],
      rowCount: 2,
      truncated: false,
    });
    expect((await audits(1))[0]).toMatchObject({
      userId: root.user.id,
      outcome: 'ran',
      tables: ['ai_knowledge_base'],
      rowCount: 2,
      params: 1,
    });
  });

  it('binds a parameter as a value, never as SQL', async () => {
    const evil = "x'; delete from ai_knowledge_base; --";
    const res = await query({
      sql: 'select $1::text as v, count(*) as n from ai_knowledge_base where title = $1',
      params: [evil],
    });
    expect(res.json().rows).toEqual([{ v: evil, n: 0 }]);
    const left = await query({ sql: 'select count(*) as n from ai_knowledge_base' });
    expect(left.json().rows[0].n).toBe(3);
  });

  it('cuts the rows at 1000 and says so', async () => {
    const res = await query({ sql: 'select g from generate_series(1, 1500) as g order by g' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rowCount: 1000, truncated: true });
    expect(res.json().rows.at(-1)).toEqual({ g: 1000 });
    const exact = await query({ sql: 'select g from generate_series(1, 1000) as g' });
    expect(exact.json()).toMatchObject({ rowCount: 1000, truncated: false });
  });

  it('refuses anyone but the superadmin with 403, and audits the refusal', async () => {
    const res = await query({ sql: 'select 1' }, alice);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Authentication required for database access');
    expect((await audits(1))[0]).toMatchObject({
      userId: alice.user.id,
      outcome: 'refused',
      sql: 'select 1',
    });
  });

  it.each([
    ['two statements', 'select 1; select 2', /one statement/],
    ['a write', 'delete from ai_knowledge_base', /read-only SELECT/],
    ['a DDL statement', 'drop table ai_knowledge_base', /read-only SELECT/],
    [
      'a data-modifying CTE',
      'with d as (delete from ai_knowledge_base returning *) select * from d',
      /Data-modifying/,
    ],
    ['SELECT INTO', 'select * into stolen from ai_knowledge_base', /SELECT INTO/],
    ['a locking clause', 'select * from ai_knowledge_base for update', /Locking/],
    ['the users table', 'select email, password_hash from users', /users is not one of them/],
    ['public.users', 'select * from public.users', /public\.users is not one of them/],
    [
      'tokens in a subquery',
      'select * from ai_knowledge_base where exists (select 1 from refresh_tokens)',
      /refresh_tokens/,
    ],
    ['the catalog', 'select * from pg_catalog.pg_tables', /pg_catalog\.pg_tables/],
    ['information_schema', 'select * from information_schema.columns', /information_schema\.columns/],
    ['pg_sleep', 'select pg_sleep(30)', /pg_sleep\(\) is not allowed/],
    ['set_config', "select set_config('search_path', 'public', true)", /set_config/],
    ['a file read', "select pg_read_file('/etc/passwd')", /pg_read_file/],
    ['SQL run by a function', "select query_to_xml('select * from users', true, true, '')", /query_to_xml/],
    ['a syntax error', 'select from where', /does not parse/],
  ])('refuses %s with 400 and the reason, and audits it', async (_, statement, why) => {
    const res = await query({ sql: statement });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SQL_REFUSED');
    expect(res.json().error.message).toMatch(why);
    expect((await audits(1))[0]).toMatchObject({
      outcome: 'refused',
      sql: statement,
      reason: res.json().error.message,
    });
  });

  it('refuses parameters that do not match the statement', async () => {
    const fewer = await query({ sql: 'select $1::int + $2::int as s', params: [1] });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().error.message).toMatch(/uses 2 parameters .* but 1 was given/);
    const more = await query({ sql: 'select 1', params: [1] });
    expect(more.statusCode).toBe(400);
  });

  it('answers a statement the database rejects with 400 and its message, audited as failed', async () => {
    const res = await query({ sql: 'select no_such_column from ai_knowledge_base' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SQL_FAILED' });
    expect(res.json().error.message).toMatch(/no_such_column/);
    expect((await audits(1))[0]).toMatchObject({ outcome: 'failed' });
  });

  it('resolves table names in the app schema: qualified by it is allowed, by another is refused', async () => {
    const own = await query({ sql: `select count(*) as n from ${schema}.ai_knowledge_base` });
    expect(own.json().rows).toEqual([{ n: 3 }]);
    if (schema !== 'public') {
      // PostgreSQL tests run in a schema of their own: public's tables are another database's.
      const other = await query({ sql: 'select count(*) from public.ai_knowledge_base' });
      expect(other.statusCode).toBe(400);
      expect(other.json().error.message).toMatch(/public\.ai_knowledge_base is not one of them/);
    }
  });

  it('a trailing comment cannot swallow the row cap', async () => {
    const res = await query({ sql: 'select g from generate_series(1, 1200) g -- all of them' });
    expect(res.json()).toMatchObject({ rowCount: 1000, truncated: true });
  });
});

describe('the read-only transaction (the second fence, behind the SQL guard)', () => {
  it('refuses a write even if one reached it', async () => {
    const repo = new KnowledgeDataRepository(t.app.ctx.database.db);
    await expect(
      repo.readOnly(sql.raw("delete from ai_knowledge_base where title = 'Item 0'"), schema, 5000),
    ).rejects.toThrow();
    const left = await query({ sql: 'select count(*) as n from ai_knowledge_base' });
    expect(left.json().rows[0].n).toBe(3);
  });

  it.skipIf(testDbKind !== 'pglite')(
    'refuses on PGlite, which cannot interrupt a statement, what could run away: a plan estimated too costly, WITH RECURSIVE',
    async () => {
      const costly = await query({
        sql: 'select count(*) from ai_knowledge_base a, ai_knowledge_base b, ai_knowledge_base c, ai_knowledge_base d',
      });
      expect(costly.statusCode).toBe(400);
      expect(costly.json().error.message).toMatch(/estimated too expensive for the embedded database/);
      const endless = await query({
        sql: 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
      });
      expect(endless.statusCode).toBe(400);
      expect(endless.json().error.message).toMatch(/WITH RECURSIVE is not allowed on the embedded database/);
      expect((await audits(2)).map((a) => (a as Record<string, unknown>).outcome)).toEqual([
        'refused',
        'refused',
      ]);
      // An ordinary query is planned cheap and runs.
      expect((await query({ sql: 'select count(*) as n from ai_knowledge_base' })).json().rows).toEqual([
        { n: 3 },
      ]);
    },
  );

  it.skipIf(testDbKind !== 'postgres')(
    'runs WITH RECURSIVE on PostgreSQL, where the timeout bounds it',
    async () => {
      const res = await query({
        sql: 'with recursive r(n) as (select 1 union all select n + 1 from r where n < 5) select n from r',
      });
      expect(res.json().rows).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    },
  );

  it.skipIf(testDbKind !== 'postgres')(
    'stops a statement at the timeout (PostgreSQL; PGlite cannot interrupt)',
    async () => {
      const service = new KnowledgeQueryService({
        repo: new KnowledgeDataRepository(t.app.ctx.database.db),
        audit: t.app.ctx.audit,
        canInterrupt: true,
        limits: { maxRows: 10, timeoutMs: 200 },
      });
      const started = Date.now();
      const run = service.query(
        { id: root.user.id, email: root.user.email, role: 'superadmin', permissions: [] },
        { sql: 'select count(*) from generate_series(1, 1000000000)', params: [] },
        null,
      );
      await expect(run).rejects.toMatchObject({ statusCode: 400, code: 'SQL_FAILED' });
      await expect(run).rejects.toThrow(/longer than 0.2 s/);
      expect(Date.now() - started).toBeLessThan(5000);
    },
  );
});
