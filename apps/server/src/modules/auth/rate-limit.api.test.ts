import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { errorOf, PASSWORD, uniqueEmail } from './auth.test-helpers';

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

describe('auth rate limits', () => {
  describe('per IP', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '100' });
    });
    afterAll(() => t.close());

    it.each(ROUTES)('%s allows 3 attempts per IP, then answers 429', async (url, body) => {
      for (let i = 0; i < 3; i++) {
        expect((await from(t, '10.0.0.1', url, body(uniqueEmail()))).statusCode).not.toBe(429);
      }
      expect(errorOf(await from(t, '10.0.0.1', url, body(uniqueEmail())))).toMatchObject(limited);
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
      expect(
        errorOf(await from(t, ip, '/api/auth/login', { email: uniqueEmail(), password: 'x' })),
      ).toMatchObject(limited);
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

    it.each(ROUTES)('%s allows 3 attempts per address from any IP, then answers 429', async (url, body) => {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i++) {
        expect((await from(t, `10.1.0.${i}`, url, body(email))).statusCode).not.toBe(429);
      }
      // Case does not give a fresh allowance.
      expect(errorOf(await from(t, '10.1.0.9', url, body(email.toUpperCase())))).toMatchObject(limited);
      expect((await from(t, '10.1.0.9', url, body(uniqueEmail()))).statusCode).not.toBe(429);
    });

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
  });
});
