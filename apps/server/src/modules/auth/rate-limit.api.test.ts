import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTwoProcessApps, type TestApp, testDbKind } from '../../../test/test-app';
import { rateLimitWindows } from '../../db/schema/index';
import { confirmedUser, errorOf, PASSWORD, uniqueEmail } from './auth.test-helpers';
import { AUTH_SWEEP_JOB } from './auth-sweep.job';

const limited = { status: 429, code: 'LimitExceededException', message: AUTH_MESSAGES.tooManyAttempts };

const ROUTES: [string, (email: string) => object][] = [
  ['/api/auth/login', (email) => ({ email, password: PASSWORD })],
  ['/api/auth/register', (email) => ({ email, password: PASSWORD, firstName: 'A', lastName: 'B' })],
  ['/api/auth/resend-code', (email) => ({ email })],
  ['/api/auth/confirm', (email) => ({ email, code: '123456' })],
  ['/api/auth/forgot-password', (email) => ({ email })],
  ['/api/auth/reset-password', (email) => ({ email, code: '123456', newPassword: 'N3wPassword' })],
];

const from = (t: TestApp, ip: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** A 429 in the envelope, whose Retry-After is whole seconds within the window. */
function expectLimited(res: Awaited<ReturnType<typeof from>>, windowSeconds = 900) {
  expect(errorOf(res)).toMatchObject(limited);
  const after = Number(res.headers['retry-after']);
  expect(Number.isInteger(after)).toBe(true);
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThanOrEqual(windowSeconds);
}

describe('auth rate limits', () => {
  describe('per IP', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '100' });
    });
    afterAll(() => t.close());

    it.each(ROUTES)('%s allows 3 failing attempts per IP, then answers 429', async (url, body) => {
      for (let i = 0; i < 3; i++) {
        expect((await from(t, '10.0.0.1', url, body(uniqueEmail()))).statusCode).not.toBe(429);
      }
      expectLimited(await from(t, '10.0.0.1', url, body(uniqueEmail())));
      // Another address is counted on its own.
      expect((await from(t, '10.0.0.2', url, body(uniqueEmail()))).statusCode).not.toBe(429);
    });

    it('counts malformed requests too', async () => {
      const ip = '10.0.0.3';
      for (let i = 0; i < 3; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json' },
          payload: '{',
        });
      }
      expectLimited(await from(t, ip, '/api/auth/login', { email: uniqueEmail(), password: 'x' }));
    });

    it('does not limit refresh, logout or the account routes', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await from(t, '10.0.0.4', '/api/auth/logout', {})).statusCode).toBe(200);
      }
    });
  });

  describe('per e-mail address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    });
    afterAll(() => t.close());

    it.each(ROUTES)(
      '%s allows 3 failing attempts per address from any IP, then answers 429',
      async (url, body) => {
        const email = uniqueEmail();
        for (let i = 0; i < 3; i++) {
          expect((await from(t, `10.1.0.${i}`, url, body(email))).statusCode).not.toBe(429);
        }
        // Case does not give a fresh allowance.
        expectLimited(await from(t, '10.1.0.9', url, body(email.toUpperCase())));
        expect((await from(t, '10.1.0.9', url, body(uniqueEmail()))).statusCode).not.toBe(429);
      },
    );

    it('counts each route separately', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i++) await from(t, '10.2.0.1', '/api/auth/forgot-password', { email });
      expect((await from(t, '10.2.0.1', '/api/auth/forgot-password', { email })).statusCode).toBe(429);
      expect((await from(t, '10.2.0.1', '/api/auth/resend-code', { email })).statusCode).toBe(200);
    });

    it('keeps counts per app, so separate apps (and test suites) do not share them', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i++) await from(t, '10.3.0.1', '/api/auth/resend-code', { email });
      expect((await from(t, '10.3.0.1', '/api/auth/resend-code', { email })).statusCode).toBe(429);
      const other = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '3' });
      try {
        expect((await from(other, '10.3.0.1', '/api/auth/resend-code', { email })).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });

    it('lets no burst of parallel guesses past the limit', async () => {
      const email = await confirmedUser(t);
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          from(t, `10.4.0.${i}`, '/api/auth/login', { email, password: 'Wr0ngPassword' }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    });
  });

  describe('failures count, successes do not', () => {
    let t: TestApp;
    // The defaults: 30 per IP, 10 per address, 15 minutes.
    beforeAll(async () => {
      t = await createTestApp({});
    });
    afterAll(() => t.close());

    it('never locks out someone who signs in 35 times in a window', async () => {
      const email = await confirmedUser(t);
      for (let i = 0; i < 35; i++) {
        expect((await from(t, '10.5.0.1', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
          200,
        );
      }
    });

    it('locks an address after 10 failures, even for the right password, until the window ends', async () => {
      const email = await confirmedUser(t);
      // Successes before and between failures take nothing away.
      expect((await from(t, '10.6.0.1', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 10; i++) {
        const res = await from(t, `10.6.1.${i}`, '/api/auth/login', { email, password: 'Wr0ngPassword' });
        expect(res.statusCode).toBe(401);
        if (i === 4) {
          expect(
            (await from(t, '10.6.0.1', '/api/auth/login', { email, password: PASSWORD })).statusCode,
          ).toBe(200);
        }
      }
      expectLimited(await from(t, '10.6.0.1', '/api/auth/login', { email, password: PASSWORD }));
      t.clock.advance(900_000);
      expect((await from(t, '10.6.0.1', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
        200,
      );
    });

    it('gives a successful password reset back too', async () => {
      const other = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3' });
      try {
        const email = await confirmedUser(other);
        const reset = (code: string) =>
          from(other, '10.7.0.1', '/api/auth/reset-password', { email, code, newPassword: PASSWORD });
        expect((await reset('000000')).statusCode).toBe(400);
        for (let i = 0; i < 3; i++) {
          await from(other, '10.7.0.1', '/api/auth/forgot-password', { email });
          expect((await reset(other.mailbox.lastCode(email))).statusCode).toBe(200);
        }
      } finally {
        await other.close();
      }
    });
  });

  describe('old windows', () => {
    it('are forgotten by the hourly sweep once they have ended', async () => {
      const t = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '1' });
      try {
        const email = uniqueEmail();
        await from(t, '10.9.0.1', '/api/auth/resend-code', { email });
        expect((await from(t, '10.9.0.1', '/api/auth/resend-code', { email })).statusCode).toBe(429);
        t.clock.advance(900_000);
        expect(await t.app.ctx.jobs.runNow(AUTH_SWEEP_JOB)).toBe(true);
        if (testDbKind === 'postgres') {
          expect(await t.app.ctx.database.db.select().from(rateLimitWindows)).toEqual([]);
        }
        // The job swept the ended windows: nothing is left for another sweep.
        expect(await t.app.ctx.rateLimits.sweep()).toBe(0);
        expect((await from(t, '10.9.0.1', '/api/auth/resend-code', { email })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  });

  // Two apps on one schema stand for two API processes behind a load balancer.
  describe.runIf(testDbKind === 'postgres')('across processes (PostgreSQL)', () => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, close } = await createTwoProcessApps({
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_EMAIL: '4',
      }));
    });
    afterAll(() => close());

    it('counts failures made through either process against one limit', async () => {
      const email = await confirmedUser(a);
      const wrong = { email, password: 'Wr0ngPassword' };
      expect((await from(a, '10.8.0.1', '/api/auth/login', wrong)).statusCode).toBe(401);
      expect((await from(b, '10.8.0.2', '/api/auth/login', wrong)).statusCode).toBe(401);
      // A success through one process gives its attempt back for both.
      expect((await from(b, '10.8.0.3', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
        200,
      );
      expect((await from(a, '10.8.0.4', '/api/auth/login', wrong)).statusCode).toBe(401);
      expect((await from(b, '10.8.0.5', '/api/auth/login', wrong)).statusCode).toBe(401);
      expectLimited(await from(a, '10.8.0.6', '/api/auth/login', wrong));
      expectLimited(await from(b, '10.8.0.7', '/api/auth/login', { email, password: PASSWORD }));
    });
  });
});
