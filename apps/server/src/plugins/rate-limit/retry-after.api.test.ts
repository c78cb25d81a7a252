import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users.fixture';
import { AppError } from '../../lib/app-error';
import { registerErrorHandler } from '../error-handler';

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Sends until the first 429 (at most `tries`), which it returns. */
async function untilLimited(send: () => Promise<Reply>, tries: number): Promise<Reply> {
  for (let i = 0; i < tries; i++) {
    const res = await send();
    if (res.statusCode === 429) return res;
  }
  throw new Error(`no 429 after ${tries} requests`);
}

function expectRetryAfter(res: Reply, max: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ success: false, error: { code: 'LimitExceededException' } });
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(max);
}

describe('every 429 carries Retry-After', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_CHAT_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('on the chat limit', async () => {
    const user = await createTestUser(t.app);
    const chat = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/chat',
        headers: user.headers,
        remoteAddress: '10.20.0.1',
        payload: { message: 'hi' },
      });
    expectRetryAfter(await untilLimited(chat, 3), 60);
  });

  it('on the contact form', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.20.0.2',
        payload: { name: 'A', email: 'a@example.com', message: 'Hello there' },
      });
    expectRetryAfter(await untilLimited(send, 6), 60);
  });

  it('on a share link', async () => {
    const owner = await createTestUser(t.app);
    const file = await storeFile(t.app, { ownerId: owner.user.id, name: 'a.txt', data: 'x' });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/files/${file.id}/shares`,
      headers: owner.headers,
      payload: { password: 'Secret123' },
    });
    const token = (created.json().share.url as string).replace('/s/', '');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/shares/${token}/download`,
        remoteAddress: '10.20.0.3',
        payload: { password: 'wrong' },
      });
    expectRetryAfter(await untilLimited(ask, 11), 60);
  });

  it('on a burned verification code (an AppError 429 of a service)', async () => {
    const email = `burn-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Str0ngPassword', firstName: 'A', lastName: 'B' },
    });
    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/confirm', payload: { email, code: '000000' } });
    expectRetryAfter(await untilLimited(confirm, 6), 900);
  });
});

describe('the error handler', () => {
  it('adds Retry-After to any 429, whoever threw it', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/plain', async () => {
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    app.get('/app-error', async () => {
      throw new AppError(429, 'LimitExceededException', 'slow down');
    });
    app.get('/exact', async () => {
      throw Object.assign(new AppError(429, 'LimitExceededException', 'slow down'), {
        retryAfterSeconds: 12.2,
      });
    });
    for (const url of ['/plain', '/app-error']) {
      const res = await app.inject({ url });
      expectRetryAfter(res, 60);
    }
    expect((await app.inject({ url: '/exact' })).headers['retry-after']).toBe('13');
    await app.close();
  });
});
