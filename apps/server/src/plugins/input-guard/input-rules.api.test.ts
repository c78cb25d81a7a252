import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, makePrepaid } from '../../../test/billing.fixture';
import { insertFile } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { auditLog, billingLedger, files, users } from '../../db/schema/index';

/** The input rules of issue 14 on the cases the review named (the sweep covers every route). */

let t: TestApp;
let u: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  u = await createTestUser(t.app);
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = u) =>
  t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;
const db = () => t.app.ctx.database.db;

describe('strict bodies', () => {
  it('bulk delete with `ids` (a typo of fileIds) is a 400 naming `ids`, and deletes nothing', async () => {
    const file = await insertFile(db(), { ownerId: u.user.id, name: 'keep.txt' });
    const res = await send('POST', '/api/files/bulk/delete', { ids: [file.id] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown field "ids"' });
    const [row] = await db().select().from(files).where(eq(files.id, file.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('names an unknown field inside a nested object by its path, before any other problem', async () => {
    const res = await send('POST', '/api/audit', { client: { userAgent: 'x', browser: 'y' } });
    expect(errorOf(res).message).toBe('Unknown field "client.browser"');
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'body', path: 'operation' })]),
    );
  });

  it("keeps the specification's own payloads: register's source and selectedPlan, deduct's metadata{timestamp}", async () => {
    const reg = await send('POST', '/api/auth/register', {
      email: 'spec-client@example.com',
      password: 'Str0ngPassword',
      firstName: 'Spec',
      lastName: 'Client',
      company: '',
      selectedPlan: 'pro',
      source: 'direct',
    });
    expect(reg.statusCode).toBe(200);
    const payer = await createTestUser(t.app);
    await makePrepaid(t.app, payer.user.id);
    await fund(t.app, payer.user.id, 5);
    const deduct = await send(
      'POST',
      '/api/billing/credits/deduct',
      {
        userId: payer.user.id,
        amount: 1,
        description: 'Export',
        metadata: { timestamp: new Date().toISOString() },
      },
      payer,
    );
    expect(deduct.statusCode).toBe(200);
    expect(deduct.json().newBalance).toBe(4);
  });

  it('refuses a body on a DELETE and on routes that take none; an empty JSON object is no body', async () => {
    const file = await insertFile(db(), { ownerId: u.user.id, name: 'a.txt' });
    const del = await send('DELETE', `/api/files/${file.id}`, { permanent: true });
    expect(del.statusCode).toBe(400);
    expect(errorOf(del)).toEqual({
      code: 'BODY_NOT_ALLOWED',
      message: 'This endpoint takes no request body',
    });
    expect((await db().select().from(files).where(eq(files.id, file.id)))[0]?.deletedAt).toBeNull();
    expect(errorOf(await send('GET', '/api/files', { folderId: null })).code).toBe('BODY_NOT_ALLOWED');
    expect(errorOf(await send('POST', '/api/notifications/read-all', { ids: [] })).code).toBe(
      'BODY_NOT_ALLOWED',
    );
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { ...u.headers, 'content-type': 'text/plain' },
      payload: 'text',
    });
    expect(errorOf(text).code).toBe('BODY_NOT_ALLOWED');
    expect((await send('POST', '/api/notifications/read-all', {})).statusCode).toBe(200);
    expect((await send('POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect((await send('DELETE', `/api/files/${file.id}`)).statusCode).toBe(200);
  });

  it("names the field in zod's own messages and keeps the specification's messages as they are", async () => {
    expect(errorOf(await send('POST', '/api/folders', { name: 42 })).message).toBe(
      'name: Invalid input: expected string, received number',
    );
    expect(errorOf(await send('GET', '/api/files?limit=0')).message).toBe(
      'query.limit: Too small: expected number to be >=1',
    );
    expect(errorOf(await send('POST', '/api/auth/login', { email: 'x', password: 'y' })).message).toBe(
      'Please enter a valid email',
    );
  });
});

describe('JSON keys and values that name prototype members', () => {
  it('a body with a __proto__ or constructor.prototype key is a 400, never a 500', async () => {
    for (const raw of [
      '{"operation":"x","details":{"__proto__":{"admin":true}}}',
      '{"operation":"x","__proto__":{"admin":true}}',
      '{"operation":"x","details":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const res = await send('POST', '/api/audit', raw);
      expect(res.statusCode, raw).toBe(400);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('free-form objects never store a constructor or prototype key', async () => {
    for (const details of [{ constructor: 1 }, { a: { prototype: {} } }]) {
      const res = await send('POST', '/api/audit', { operation: 'proto.check', details });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(
        /^details\.(constructor|a\.prototype): The key "(constructor|prototype)" is not allowed$/,
      );
    }
    const stored = await db().select().from(auditLog).where(eq(auditLog.operation, 'proto.check'));
    expect(stored).toEqual([]);
  });

  it('a plan or package named like a prototype member is unknown: free at sign-up, "Invalid package ID" when buying', async () => {
    const email = 'proto-plan@example.com';
    const reg = await send('POST', '/api/auth/register', {
      email,
      password: 'Str0ngPassword',
      firstName: 'P',
      lastName: 'P',
      selectedPlan: 'constructor',
    });
    expect(reg.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row?.subscriptionPlan).toBe('free');
    for (const packageId of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await send('POST', '/api/billing/credits/purchase', { userId: u.user.id, packageId });
      expect(res.statusCode, packageId).toBe(400);
      expect(errorOf(res).message).toBe('Invalid package ID');
    }
  });
});

describe('bounded free-form data (400 VALIDATION_ERROR: a field constraint, like a string too long)', () => {
  const payer = async () => {
    const who = await createTestUser(t.app);
    await makePrepaid(t.app, who.user.id);
    await fund(t.app, who.user.id, 5);
    return who;
  };

  it('refuses metadata over 4 KB or nested deeper than 5 levels, and charges nothing', async () => {
    const who = await payer();
    const big = { note: 'x'.repeat(4100) };
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    for (const [metadata, message] of [
      [big, 'Must be at most 4096 bytes of JSON'],
      [deep, 'Must be nested at most 5 levels deep'],
    ] as const) {
      const res = await send(
        'POST',
        '/api/billing/credits/deduct',
        { userId: who.user.id, amount: 1, description: 'x', metadata },
        who,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toContain(message);
      expect(errorOf(res).message).toMatch(/^metadata/);
    }
    const ledger = await db().select().from(billingLedger).where(eq(billingLedger.userId, who.user.id));
    expect(ledger.filter((l) => l.kind === 'credit_deduction')).toEqual([]);
    // Just under both caps is fine.
    const fits = { note: 'x'.repeat(3900), a: { b: { c: { d: 1 } } } };
    const ok = await send(
      'POST',
      '/api/billing/credits/deduct',
      { userId: who.user.id, amount: 1, description: 'x', metadata: fits },
      who,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('applies the same caps to audit details', async () => {
    const res = await send('POST', '/api/audit', { operation: 'big', details: { note: 'x'.repeat(5000) } });
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'details: Must be at most 4096 bytes of JSON',
    });
  });
});

describe('text the database cannot store, outside JSON bodies', () => {
  it('refuses NUL in a query string, a path parameter and a stored header with a 400 naming it', async () => {
    expect(errorOf(await send('GET', '/api/files?search=a%00b')).message).toBe(
      'query.search: Must not contain NUL characters',
    );
    expect(errorOf(await send('GET', '/api/ai/conversations/a%00b')).message).toBe(
      'params.id: Must not contain NUL characters',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/credits/purchase',
      headers: { ...u.headers, 'idempotency-key': 'abcdefgh\u0000' },
      payload: { userId: u.user.id, packageId: 'starter' },
    });
    expect(errorOf(res).message).toBe('headers.idempotency-key: Must not contain NUL characters');
  });
});
