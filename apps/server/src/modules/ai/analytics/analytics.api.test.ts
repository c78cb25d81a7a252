import { USAGE_CSV_COLUMNS } from '@stratos/contracts/ai/analytics.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiUsageLog } from '../../../db/schema/index';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

type Row = Omit<typeof aiUsageLog.$inferInsert, 'createdAt'> & { createdAt: Date };

/** Rows on three days of March 2021 (nothing else in this database is that old). */
let rows: Row[];

const at = (day: string, hh = '10') => new Date(`2021-03-${day}T${hh}:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t.app, { email: 'alice@example.test', firstName: 'Alice', lastName: 'Ames' });
  bob = await createTestUser(t.app, { email: 'bob@example.test', firstName: 'Bob', lastName: 'Bell' });
  admin = await createTestUser(t.app, { role: 'admin' });
  const r = (userId: string, over: Partial<Row>): Row => ({
    userId,
    provider: 'ollama',
    model: 'llama3.2:latest',
    operation: 'chat',
    promptTokens: 10,
    completionTokens: 20,
    tokensUsed: 30,
    cost: 0,
    responseTimeMs: 500,
    success: true,
    createdAt: at('01'),
    ...over,
  });
  rows = [
    r(alice.user.id, { createdAt: at('01', '00') }),
    r(alice.user.id, { createdAt: at('01', '23'), responseTimeMs: 700 }),
    r(alice.user.id, {
      provider: 'openai',
      model: 'gpt-4',
      promptTokens: 100,
      completionTokens: 50,
      tokensUsed: 150,
      cost: 0.006,
      createdAt: at('03'),
    }),
    r(alice.user.id, {
      provider: 'openai',
      model: 'gpt-4',
      success: false,
      error: 'OpenAI: 500',
      promptTokens: 0,
      completionTokens: 0,
      tokensUsed: 0,
      createdAt: at('03'),
    }),
    // A model name a spreadsheet would misread: comma, quote and a leading '='.
    r(alice.user.id, { model: '=weird, "model"', operation: 'analysis', createdAt: at('03') }),
    r(bob.user.id, { provider: 'anthropic', model: 'claude-3-haiku', cost: 0.25, createdAt: at('02') }),
    // Outside the range asked for below.
    r(bob.user.id, { createdAt: new Date('2021-02-28T23:59:59Z') }),
    r(alice.user.id, { createdAt: new Date('2021-03-04T00:00:00Z') }),
  ];
  await t.app.ctx.database.db.insert(aiUsageLog).values(rows);
});
afterAll(async () => t?.close());

const RANGE = 'from=2021-03-01&to=2021-03-03';
const get = (url: string, who?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url, headers: who });

/** What the API should report for these rows, computed here from the rows themselves. */
function expected(inRange: Row[]) {
  const sum = (xs: Row[], f: (r: Row) => number) => xs.reduce((s, r) => s + f(r), 0);
  return {
    calls: inRange.length,
    failures: inRange.filter((r) => !r.success).length,
    promptTokens: sum(inRange, (r) => r.promptTokens ?? 0),
    completionTokens: sum(inRange, (r) => r.completionTokens ?? 0),
    tokens: sum(inRange, (r) => r.tokensUsed ?? 0),
    cost: Number(sum(inRange, (r) => r.cost ?? 0).toFixed(6)),
  };
}
const inMarch = (r: Row) => r.createdAt >= at('01', '00') && r.createdAt < new Date('2021-03-04T00:00:00Z');

describe('GET /api/ai/analytics/usage', () => {
  it('needs a signed-in user with ai:read', async () => {
    expect((await get(`/api/ai/analytics/usage?${RANGE}`)).statusCode).toBe(401);
    const token = await t.app.ctx.tokens.signAccess({
      id: alice.user.id,
      email: alice.user.email,
      name: 'Alice',
      role: 'user',
      permissions: ['ai:use'],
      tokenVersion: alice.user.tokenVersion,
    });
    const res = await get(`/api/ai/analytics/usage?${RANGE}`, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(403);
    expect(
      (await get(`/api/ai/analytics/performance?${RANGE}`, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(403);
  });

  it('shows a user their own usage only, per day, model, provider and operation', async () => {
    const res = await get(`/api/ai/analytics/usage?${RANGE}`, alice.headers);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const mine = rows.filter((r) => r.userId === alice.user.id && inMarch(r));
    expect(d.scope).toBe('own');
    expect(d.byUser).toBeNull();
    expect(d.totals).toEqual(expected(mine));
    expect(d.days.map((x: { day: string }) => x.day)).toEqual(['2021-03-01', '2021-03-02', '2021-03-03']);
    for (const day of d.days) {
      expect(day).toMatchObject(expected(mine.filter((r) => r.createdAt.toISOString().startsWith(day.day))));
    }
    const gpt4 = d.byModel.find((m: { key: string }) => m.key === 'gpt-4');
    expect(gpt4).toMatchObject({ provider: 'openai', ...expected(mine.filter((r) => r.model === 'gpt-4')) });
    // Average response time of answered calls only.
    expect(gpt4.avgResponseMs).toBe(500);
    const ollama = d.byProvider.find((m: { key: string }) => m.key === 'ollama');
    expect(ollama).toMatchObject(expected(mine.filter((r) => r.provider === 'ollama')));
    expect(ollama.avgResponseMs).toBeCloseTo((500 + 700 + 500) / 3, 2);
    expect(d.byOperation.map((o: { key: string; calls: number }) => [o.key, o.calls]).sort()).toEqual([
      ['analysis', 1],
      ['chat', 4],
    ]);
    // Biggest spend first.
    expect(d.byProvider[0].key).toBe('openai');
  });

  it('shows an admin everyone, per user, and one user when asked', async () => {
    const all = (await get(`/api/ai/analytics/usage?${RANGE}`, admin.headers)).json().data;
    expect(all.scope).toBe('all');
    expect(all.totals).toEqual(expected(rows.filter(inMarch)));
    expect(all.byUser.map((u: { email: string }) => u.email)).toEqual([
      'bob@example.test',
      'alice@example.test',
    ]);
    expect(all.byUser[0]).toMatchObject({
      name: 'Bob Bell',
      ...expected(rows.filter((r) => r.userId === bob.user.id && inMarch(r))),
    });
    const one = (await get(`/api/ai/analytics/usage?${RANGE}&userId=${bob.user.id}`, admin.headers)).json()
      .data;
    expect(one.scope).toBe('user');
    expect(one.totals.calls).toBe(1);
    expect(one.byUser).toBeNull();
  });

  it("refuses another user's usage to a user, and bad ranges", async () => {
    const res = await get(`/api/ai/analytics/usage?${RANGE}&userId=${bob.user.id}`, alice.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only admins can see the AI usage of other users');
    const back = await get('/api/ai/analytics/usage?from=2021-03-05&to=2021-03-01', alice.headers);
    expect(back.statusCode).toBe(400);
    expect(back.json().error.message).toBe('The range must start on or before its end');
    expect(
      (await get('/api/ai/analytics/usage?from=2020-01-01&to=2021-03-01', alice.headers)).statusCode,
    ).toBe(400);
    expect((await get('/api/ai/analytics/usage?from=yesterday', alice.headers)).statusCode).toBe(400);
  });

  it('defaults to the last 30 days', async () => {
    const d = (await get('/api/ai/analytics/usage', alice.headers)).json().data;
    expect(d.days).toHaveLength(30);
    expect(d.to).toBe(new Date().toISOString().slice(0, 10));
    expect(d.totals.calls).toBe(0);
  });
});

describe('GET /api/ai/analytics/usage.csv', () => {
  it('streams one escaped line per day, user, provider, model and operation', async () => {
    const res = await get(`/api/ai/analytics/usage.csv?${RANGE}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="ai-usage-2021-03-01-to-2021-03-03.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(USAGE_CSV_COLUMNS.join(','));
    expect(lines.slice(1, -1)).toEqual([
      '2021-03-01,alice@example.test,ollama,llama3.2:latest,chat,2,0,20,40,60,0,600',
      '2021-03-02,bob@example.test,anthropic,claude-3-haiku,chat,1,0,10,20,30,0.25,500',
      `2021-03-03,alice@example.test,ollama,"'=weird, ""model""",analysis,1,0,10,20,30,0,500`,
      '2021-03-03,alice@example.test,openai,gpt-4,chat,2,1,100,50,150,0.006,500',
    ]);
  });

  it('gives a user their own lines only, and a bad range as JSON', async () => {
    const res = await get(`/api/ai/analytics/usage.csv?${RANGE}`, bob.headers);
    expect(res.body.split('\r\n').slice(1, -1)).toEqual([
      '2021-03-02,bob@example.test,anthropic,claude-3-haiku,chat,1,0,10,20,30,0.25,500',
    ]);
    const bad = await get('/api/ai/analytics/usage.csv?from=2021-03-05&to=2021-03-01', bob.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The range must start on or before its end');
  });
});
