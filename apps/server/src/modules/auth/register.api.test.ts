import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { ACCOUNT_MESSAGES } from '@stratos/contracts/auth/auth-messages';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  auditRows,
  confirmedUser,
  errorOf,
  NO_LIMITS,
  PASSWORD,
  post,
  register,
  setStatus,
  uniqueEmail,
  userRow,
} from './auth.test-helpers';

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  firstName: 'Jane',
  lastName: 'Doe',
  ...extra,
});

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_LIMITS, SUPERADMIN_EMAIL: 'Boss@Example.com' });
  });
  afterAll(() => t.close());

  it('creates an unconfirmed user, mails a 6-digit code and masks the destination', async () => {
    const email = uniqueEmail('jane');
    const res = await post(t, '/api/auth/register', body(email.toUpperCase(), { company: 'Acme' }));
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({
      success: true,
      existing: false,
      codeDeliveryDestination: 'j***@e***.com',
      message: ACCOUNT_MESSAGES.registered,
    });
    const row = await userRow(t, email);
    expect(row).toMatchObject({
      id: reply.userSub,
      status: 'unconfirmed',
      role: 'user',
      company: 'Acme',
      subscriptionPlan: 'free',
      selectedPlan: 'free',
      source: 'direct',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);

    const mail = t.mailbox.sent.at(-1);
    expect(mail).toMatchObject({ to: email, kind: 'signup_code' });
    expect(mail?.text).toMatch(/^\d{6}$/m);
    expect(mail?.text).toContain('expires in 24 hours');
    expect(mail?.html).toContain(t.mailbox.lastCode(email));
  });

  it('keeps the chosen plan (aliases resolved) but leaves the subscription on free', async () => {
    const email = uniqueEmail();
    await register(t, email, { selectedPlan: 'Professional', source: 'pricing' });
    expect(await userRow(t, email)).toMatchObject({
      selectedPlan: 'pro',
      subscriptionPlan: 'free',
      source: 'pricing',
    });
  });

  it('mails a new code to an existing unconfirmed account and keeps the original account', async () => {
    const email = uniqueEmail();
    const first = await register(t, email);
    const firstCode = t.mailbox.lastCode(email);
    const res = await post(
      t,
      '/api/auth/register',
      body(email, { firstName: 'Other', password: 'Diff3rentPass' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      existing: true,
      userSub: first.userSub,
      message: AUTH_MESSAGES.newCodeSent,
    });
    expect((await userRow(t, email)).firstName).toBe('Jane');
    // The new code replaces the old one.
    const secondCode = t.mailbox.lastCode(email);
    if (secondCode !== firstCode) {
      const old = await post(t, '/api/auth/confirm', { email, code: firstCode });
      expect(errorOf(old).code).toBe('CodeMismatchException');
    }
    expect((await post(t, '/api/auth/confirm', { email, code: secondCode })).statusCode).toBe(200);
  });

  it('refuses a confirmed address with UsernameExistsException', async () => {
    const email = await confirmedUser(t);
    const res = await post(t, '/api/auth/register', body(email));
    expect(errorOf(res)).toEqual({
      status: 409,
      success: false,
      code: 'UsernameExistsException',
      message: AUTH_MESSAGES.alreadyRegistered,
    });
  });

  it('refuses a disabled account too', async () => {
    const email = await confirmedUser(t);
    await setStatus(t, email, 'disabled');
    expect(errorOf(await post(t, '/api/auth/register', body(email))).code).toBe('UsernameExistsException');
  });

  it('makes the configured superadmin address a superadmin', async () => {
    await register(t, 'boss@example.com');
    expect((await userRow(t, 'boss@example.com')).role).toBe('superadmin');
  });

  it.each([
    ['', 'Password is required'],
    ['Sh0rt', 'Password must be at least 8 characters'],
    ['alllowercase1', 'Password must contain uppercase, lowercase, and number'],
    ['ALLUPPERCASE1', 'Password must contain uppercase, lowercase, and number'],
    ['NoDigitsHere', 'Password must contain uppercase, lowercase, and number'],
  ])('enforces the password rules: %j -> %s', async (password, message) => {
    const email = uniqueEmail();
    const res = await post(t, '/api/auth/register', body(email, { password }));
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message });
    expect(await userRow(t, email)).toBeUndefined();
  });

  it('validates names and email with the form messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: ' ' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not an@email.com' }, 'Please enter a valid email'],
    ];
    for (const [patch, message] of cases) {
      const res = await post(t, '/api/auth/register', body(uniqueEmail(), patch));
      expect(errorOf(res), JSON.stringify(patch)).toMatchObject({ status: 400, message });
    }
  });

  it('rejects missing fields and wrong types', async () => {
    const missing = await post(t, '/api/auth/register', { email: uniqueEmail(), password: PASSWORD });
    expect(errorOf(missing)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const wrongType = await post(t, '/api/auth/register', body(uniqueEmail(), { firstName: 42 }));
    expect(errorOf(wrongType)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const notObject = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(errorOf(notObject)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers malformed JSON with INVALID_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com",',
    });
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'INVALID_JSON' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(t, '/api/auth/register', body(uniqueEmail(), { company: 'x'.repeat(1_100_000) }));
    expect(errorOf(res)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('leaves no user behind when the code cannot be mailed, so a retry starts clean', async () => {
    const email = uniqueEmail();
    const spy = vi.spyOn(t.mailbox, 'send').mockRejectedValueOnce(new Error('smtp down'));
    const res = await post(t, '/api/auth/register', body(email));
    spy.mockRestore();
    expect(errorOf(res)).toMatchObject({
      status: 503,
      code: 'CodeDeliveryFailureException',
      message: AUTH_MESSAGES.signupFailed,
    });
    expect(await userRow(t, email)).toBeUndefined();
    const retry = await post(t, '/api/auth/register', body(email));
    expect(retry.json()).toMatchObject({ success: true, existing: false });
  });

  it('handles two simultaneous sign-ups for one address as one account', async () => {
    const email = uniqueEmail();
    const [a, b] = await Promise.all([
      post(t, '/api/auth/register', body(email)),
      post(t, '/api/auth/register', body(email)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().userSub).toBe(b.json().userSub);
    expect([a.json().existing, b.json().existing].sort()).toEqual([false, true]);
  });

  it('records the sign-up in the audit log with the IP', async () => {
    const email = uniqueEmail();
    const { userSub } = await register(t, email, { selectedPlan: 'basic' });
    const rows = (await auditRows(t, AUDIT_OPERATIONS.signUp)).filter((r) => r.userId === userSub);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorEmail: email, ip: '127.0.0.1', source: 'server' });
    expect(rows[0]?.details).toMatchObject({ selectedPlan: 'basic' });
  });

  it('documents the auth routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/auth/register',
      '/api/auth/confirm',
      '/api/auth/resend-code',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/change-password',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const register = doc.paths['/api/auth/register'].post;
    expect(register.tags).toEqual(['auth']);
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['200', '409', '429']));
  });
});
