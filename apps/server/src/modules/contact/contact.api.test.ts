import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';

describe('contact', () => {
  let t: TestApp;
  let admin: TestUser;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  // Each test writes from its own address so the per-IP limit only bites where it is tested.
  const freshIp = () => `198.51.100.${++ipCounter}`;
  const send = (payload: object, opts: { headers?: Record<string, string>; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      headers: opts.headers,
      remoteAddress: opts.ip ?? freshIp(),
    });
  const messages = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      headers: admin.headers,
    });
    return res.json().data;
  };

  it('stores an anonymous message', async () => {
    const res = await send({
      name: ' Ada ',
      email: 'Ada@Example.TEST',
      subject: 'Enterprise',
      message: 'Call me',
      plan: 'enterprise',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(String) } });
    const { messages: list } = await messages();
    expect(list.find((m: { id: string }) => m.id === id)).toMatchObject({
      name: 'Ada',
      email: 'ada@example.test',
      subject: 'Enterprise',
      message: 'Call me',
      plan: 'enterprise',
      userId: null,
    });
  });

  it('records the sender when a valid token comes along, and ignores an invalid one', async () => {
    const u = await createTestUser(t.app);
    const signedIn = await send({ name: 'U', email: u.user.email, message: 'hi' }, { headers: u.headers });
    expect(signedIn.statusCode).toBe(201);
    const forged = await send(
      { name: 'X', email: 'x@example.test', message: 'hi', subject: '' },
      { headers: { authorization: 'Bearer not.a.token' } },
    );
    expect(forged.statusCode).toBe(201);
    const list = (await messages()).messages;
    expect(list.find((m: { id: string }) => m.id === signedIn.json().data.id).userId).toBe(u.user.id);
    expect(list.find((m: { id: string }) => m.id === forged.json().data.id)).toMatchObject({
      userId: null,
      subject: null,
    });
  });

  it.each([
    ['a missing name', { email: 'a@example.test', message: 'm' }, 'name'],
    ['a blank name', { name: '  ', email: 'a@example.test', message: 'm' }, 'name'],
    ['a bad e-mail', { name: 'A', email: 'not an email', message: 'm' }, 'email'],
    ['a blank message', { name: 'A', email: 'a@example.test', message: ' ' }, 'message'],
    ['an over-long message', { name: 'A', email: 'a@example.test', message: 'x'.repeat(5001) }, 'message'],
  ])('refuses %s', async (_label, payload, field) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details[0].path).toBe(field);
  });

  it('says which field is wrong in the specification wording', async () => {
    const res = await send({ name: 'A', email: 'nope', message: 'm' });
    expect(res.json().error.message).toBe('Please enter a valid email');
  });

  it('allows five messages a minute per address', async () => {
    const ip = freshIp();
    const body = { name: 'Spam', email: 'spam@example.test', message: 'buy' };
    for (let i = 0; i < 5; i++) expect((await send(body, { ip })).statusCode).toBe(201);
    const limited = await send(body, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'LimitExceededException' } });
    expect((await send(body)).statusCode).toBe(201);
  });

  it('lists messages newest first with paging, for admins', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await send({ name: `P${i}`, email: 'p@example.test', message: 'm' })).json().data.id);
      // PGlite's now() has millisecond resolution; keep the creation times apart.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      headers: admin.headers,
      query: { limit: '2' },
    });
    expect(res.statusCode).toBe(200);
    const { messages: page, total } = res.json().data;
    expect(page.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(total).toBeGreaterThanOrEqual(3);
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      headers: admin.headers,
      query: { limit: '1', offset: '2' },
    });
    expect(next.json().data.messages[0].id).toBe(ids[0]);
  });
});
