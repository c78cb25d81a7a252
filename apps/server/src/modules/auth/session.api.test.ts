import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { AUTH_MESSAGES, GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';
import {
  auditRows,
  errorOf,
  login,
  NO_LIMITS,
  PASSWORD,
  post,
  register,
  setStatus,
  signedIn,
  uniqueEmail,
  userRow,
} from './auth.test-helpers';

const invalidSession = { status: 401, code: 'INVALID_SESSION', message: GUARD_ERRORS.INVALID_SESSION };
const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_LIMITS);
  });
  afterAll(() => t.close());

  describe('POST /api/auth/login', () => {
    it('returns tokens and the user, records the sign-in time and audits', async () => {
      const { email, token, refreshToken, expiresIn, user } = await signedIn(t);
      expect(expiresIn).toBe(900);
      expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(user).toMatchObject({
        email,
        name: 'Jane Doe',
        given_name: 'Jane',
        role: 'user',
        status: 'active',
        subscriptionPlan: 'free',
      });
      expect(user).not.toHaveProperty('passwordHash');
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      expect(claims).toMatchObject({ id: user.id, email, name: 'Jane Doe', role: 'user' });
      expect(claims.permissions).toContain('storage:read');
      expect(claims.exp - claims.iat).toBe(900);
      expect((await userRow(t, email)).lastLoginAt).toBeInstanceOf(Date);
      const audits = (await auditRows(t, AUDIT_OPERATIONS.loginSuccess)).filter((r) => r.userId === user.id);
      expect(audits[0]).toMatchObject({ actorEmail: email, ip: '127.0.0.1' });
    });

    it('refuses a wrong password and an unknown address alike, and audits both', async () => {
      const email = uniqueEmail();
      await signedIn(t, email);
      const wrongPassword = await post(t, '/api/auth/login', { email, password: 'Wr0ngPassword' });
      const unknownEmail = uniqueEmail('ghost');
      const unknown = await post(t, '/api/auth/login', { email: unknownEmail, password: PASSWORD });
      const expected = {
        status: 401,
        code: 'NotAuthorizedException',
        message: AUTH_MESSAGES.invalidCredentials,
      };
      expect(errorOf(wrongPassword)).toMatchObject(expected);
      expect(errorOf(unknown)).toMatchObject(expected);
      const failures = await auditRows(t, AUDIT_OPERATIONS.loginFailure);
      expect(failures.find((r) => r.actorEmail === email)?.details).toEqual({
        email,
        reason: 'wrong_password',
      });
      expect(failures.find((r) => r.actorEmail === unknownEmail)).toMatchObject({
        userId: null,
        ip: '127.0.0.1',
        details: { email: unknownEmail, reason: 'unknown_email' },
      });
    });

    it('refuses an unconfirmed account once the password is right', async () => {
      const email = uniqueEmail();
      await register(t, email);
      expect(errorOf(await post(t, '/api/auth/login', { email, password: PASSWORD }))).toMatchObject({
        status: 403,
        code: 'UserNotConfirmedException',
        message: AUTH_MESSAGES.notConfirmed,
      });
      // With a wrong password the status stays hidden.
      expect(errorOf(await post(t, '/api/auth/login', { email, password: 'Wr0ngPassword' })).status).toBe(
        401,
      );
    });

    it('refuses a disabled account', async () => {
      const { email } = await signedIn(t);
      await setStatus(t, email, 'disabled');
      expect(errorOf(await post(t, '/api/auth/login', { email, password: PASSWORD }))).toMatchObject({
        status: 403,
        code: 'NotAuthorizedException',
        message: AUTH_MESSAGES.disabled,
      });
    });

    it('validates the body', async () => {
      expect(errorOf(await post(t, '/api/auth/login', { email: uniqueEmail() }))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(errorOf(await post(t, '/api/auth/login', { email: 'x', password: 'y' })).message).toBe(
        'Please enter a valid email',
      );
    });
  });

  describe('access tokens', () => {
    it('lets a valid token through and refuses tampered ones', async () => {
      const { token } = await signedIn(t);
      expect((await me(t, token)).statusCode).toBe(200);

      const [header, payload] = token.split('.');
      const otherKey = new TextEncoder().encode('another-secret-another-secret-another-secret');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
      expect(errorOf(await me(t, forged))).toMatchObject(invalidSession);

      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect(errorOf(await me(t, none))).toMatchObject(invalidSession);

      const swapped = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'superadmin' })).toString('base64url')}.${token.split('.')[2]}`;
      expect(errorOf(await me(t, swapped))).toMatchObject(invalidSession);
      expect(errorOf(await me(t, 'not-a-jwt'))).toMatchObject(invalidSession);
    });

    it('refuses an expired token', async () => {
      const { token } = await signedIn(t);
      t.clock.advance(901_000);
      expect(errorOf(await me(t, token))).toMatchObject(invalidSession);
    });

    it('asks anonymous callers to sign in', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('rotates: a new access token and refresh token for the old one', async () => {
      const first = await signedIn(t);
      const res = await post(t, '/api/auth/refresh', { refreshToken: first.refreshToken });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['expiresIn', 'refreshToken', 'token']);
      expect(body.refreshToken).not.toBe(first.refreshToken);
      expect(body.expiresIn).toBe(900);
      expect((await me(t, body.token)).json().user.email).toBe(first.email);
      const third = await post(t, '/api/auth/refresh', { refreshToken: body.refreshToken });
      expect(third.statusCode).toBe(200);
    });

    it('treats a spent token as stolen: the whole family ends, the newer token too', async () => {
      const { refreshToken, user } = await signedIn(t);
      const newer = (await post(t, '/api/auth/refresh', { refreshToken })).json().refreshToken;
      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken }))).toMatchObject(invalidSession);
      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken: newer }))).toMatchObject(
        invalidSession,
      );
      const audits = (await auditRows(t, AUDIT_OPERATIONS.refreshReuse)).filter((r) => r.userId === user.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]?.ip).toBe('127.0.0.1');
    });

    it('lets one of two simultaneous refreshes win and ends the family', async () => {
      const { refreshToken } = await signedIn(t);
      const results = await Promise.all([
        post(t, '/api/auth/refresh', { refreshToken }),
        post(t, '/api/auth/refresh', { refreshToken }),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 401]);
      const winner = results.find((r) => r.statusCode === 200)?.json().refreshToken;
      expect((await post(t, '/api/auth/refresh', { refreshToken: winner })).statusCode).toBe(401);
    });

    it('keeps other sign-ins alive when one family ends', async () => {
      const { email, refreshToken } = await signedIn(t);
      const other = await login(t, email);
      await post(t, '/api/auth/refresh', { refreshToken });
      await post(t, '/api/auth/refresh', { refreshToken });
      expect((await post(t, '/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    });

    it('refuses unknown, expired and malformed tokens', async () => {
      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken: 'x'.repeat(43) }))).toMatchObject(
        invalidSession,
      );
      const { refreshToken } = await signedIn(t);
      t.clock.advance(31 * 24 * 60 * 60 * 1000);
      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken }))).toMatchObject(invalidSession);
      expect(errorOf(await post(t, '/api/auth/refresh', {})).status).toBe(400);
    });

    it('refuses a disabled or deleted user', async () => {
      const a = await signedIn(t);
      await setStatus(t, a.email, 'disabled');
      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken: a.refreshToken }))).toMatchObject(
        invalidSession,
      );
      // Re-enabling does not revive the family that was refused.
      await setStatus(t, a.email, 'active');
      expect((await post(t, '/api/auth/refresh', { refreshToken: a.refreshToken })).statusCode).toBe(401);

      const b = await signedIn(t);
      await t.app.ctx.database.db.delete(users).where(eq(users.email, b.email));
      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken: b.refreshToken }))).toMatchObject(
        invalidSession,
      );
      // The access token of a deleted account is refused by the guard, not answered with a 404.
      await expect.poll(async () => errorOf(await me(t, b.token))).toMatchObject(invalidSession);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session of the refresh token given and audits', async () => {
      const { email, refreshToken, user } = await signedIn(t);
      const other = await login(t, email);
      const res = await post(t, '/api/auth/logout', { refreshToken });
      expect(res.json()).toEqual({ success: true });
      expect((await post(t, '/api/auth/refresh', { refreshToken })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
      const audits = (await auditRows(t, AUDIT_OPERATIONS.logout)).filter((r) => r.userId === user.id);
      expect(audits).toHaveLength(1);
    });

    it('ends the session of the bearer token when no refresh token is given', async () => {
      const { token, refreshToken } = await signedIn(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.json()).toEqual({ success: true });
      expect((await post(t, '/api/auth/refresh', { refreshToken })).statusCode).toBe(401);
    });

    it('always succeeds: no body, unknown token, bad bearer', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).json()).toEqual({
        success: true,
      });
      expect((await post(t, '/api/auth/logout', { refreshToken: 'unknown' })).statusCode).toBe(200);
      expect((await post(t, '/api/auth/logout', {}, 'bad.token.here')).statusCode).toBe(200);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'content-type': 'application/json' },
        payload: '{oops',
      });
      expect(errorOf(malformed)).toMatchObject({ status: 400, code: 'INVALID_JSON' });
    });
  });
});
