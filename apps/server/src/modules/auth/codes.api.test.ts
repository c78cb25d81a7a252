import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { ACCOUNT_MESSAGES } from '@stratos/contracts/auth/auth-messages';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  auditRows,
  confirmedUser,
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

const HOUR = 60 * 60 * 1000;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const mismatch = { status: 400, code: 'CodeMismatchException', message: AUTH_MESSAGES.codeMismatch };
const expired = { status: 400, code: 'ExpiredCodeException', message: AUTH_MESSAGES.codeExpired };
const tooMany = { status: 429, code: 'LimitExceededException', message: AUTH_MESSAGES.tooManyAttempts };

describe('sign-up confirmation and password reset codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_LIMITS);
  });
  afterAll(() => t.close());

  describe('POST /api/auth/confirm', () => {
    it('activates the account with the mailed code, once', async () => {
      const email = uniqueEmail();
      const { userSub } = await register(t, email);
      const code = t.mailbox.lastCode(email);
      const res = await post(t, '/api/auth/confirm', { email, code });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.confirmed });
      const row = await userRow(t, email);
      expect(row.status).toBe('active');
      expect(row.confirmedAt).toBeInstanceOf(Date);
      const [audit] = (await auditRows(t, AUDIT_OPERATIONS.confirm)).filter((r) => r.userId === userSub);
      expect(audit).toMatchObject({ actorEmail: email, ip: '127.0.0.1' });
      const again = await post(t, '/api/auth/confirm', { email, code });
      expect(errorOf(again)).toMatchObject({
        status: 400,
        code: 'InvalidParameterException',
        message: ACCOUNT_MESSAGES.alreadyConfirmed,
      });
    });

    it('refuses a wrong code and still accepts the right one afterwards', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const code = t.mailbox.lastCode(email);
      expect(errorOf(await post(t, '/api/auth/confirm', { email, code: wrong(code) }))).toMatchObject(
        mismatch,
      );
      expect((await userRow(t, email)).status).toBe('unconfirmed');
      expect((await post(t, '/api/auth/confirm', { email, code })).statusCode).toBe(200);
    });

    it('refuses a code after 24 hours', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const code = t.mailbox.lastCode(email);
      t.clock.advance(24 * HOUR + 1000);
      expect(errorOf(await post(t, '/api/auth/confirm', { email, code }))).toMatchObject(expired);
      // A new code works again.
      await post(t, '/api/auth/resend-code', { email });
      expect(
        (await post(t, '/api/auth/confirm', { email, code: t.mailbox.lastCode(email) })).statusCode,
      ).toBe(200);
    });

    it('burns the code after 5 wrong tries, even for the right code', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const code = t.mailbox.lastCode(email);
      for (let i = 1; i <= 4; i++) {
        expect(errorOf(await post(t, '/api/auth/confirm', { email, code: wrong(code) }))).toMatchObject(
          mismatch,
        );
      }
      expect(errorOf(await post(t, '/api/auth/confirm', { email, code: wrong(code) }))).toMatchObject(
        tooMany,
      );
      expect(errorOf(await post(t, '/api/auth/confirm', { email, code }))).toMatchObject(tooMany);
      await post(t, '/api/auth/resend-code', { email });
      expect(
        (await post(t, '/api/auth/confirm', { email, code: t.mailbox.lastCode(email) })).statusCode,
      ).toBe(200);
    });

    it('counts concurrent guesses against the same 5 tries', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const code = t.mailbox.lastCode(email);
      const guesses = await Promise.all(
        Array.from({ length: 10 }, () => post(t, '/api/auth/confirm', { email, code: wrong(code) })),
      );
      const statuses = guesses.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 400)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    });

    it('answers an unknown address like a wrong code', async () => {
      expect(
        errorOf(await post(t, '/api/auth/confirm', { email: uniqueEmail(), code: '123456' })),
      ).toMatchObject(mismatch);
    });

    it('rejects a code that is not 6 digits', async () => {
      const res = await post(t, '/api/auth/confirm', { email: uniqueEmail(), code: '12ab' });
      expect(errorOf(res)).toMatchObject({ status: 400, message: AUTH_MESSAGES.codeMismatch });
    });
  });

  describe('POST /api/auth/resend-code', () => {
    it('mails a new code that replaces the old one', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const before = t.mailbox.sent.length;
      const res = await post(t, '/api/auth/resend-code', { email });
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.newCodeSent });
      expect(t.mailbox.sent.length).toBe(before + 1);
      expect(t.mailbox.sent.at(-1)).toMatchObject({ to: email, kind: 'signup_code' });
    });

    it('answers an unknown address the same way without mailing', async () => {
      const before = t.mailbox.sent.length;
      const res = await post(t, '/api/auth/resend-code', { email: uniqueEmail() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.newCodeSent });
      expect(t.mailbox.sent.length).toBe(before);
    });

    it('refuses a confirmed account', async () => {
      const email = await confirmedUser(t);
      expect(errorOf(await post(t, '/api/auth/resend-code', { email }))).toMatchObject({
        status: 400,
        code: 'InvalidParameterException',
        message: 'User is already confirmed.',
      });
    });

    it('reports a mail failure', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const spy = vi.spyOn(t.mailbox, 'send').mockRejectedValueOnce(new Error('smtp down'));
      const res = await post(t, '/api/auth/resend-code', { email });
      spy.mockRestore();
      expect(errorOf(res)).toMatchObject({ status: 503, message: AUTH_MESSAGES.resendFailed });
    });
  });

  describe('forgot and reset password', () => {
    it('mails a reset code to an active account and answers unknown addresses the same', async () => {
      const email = await confirmedUser(t);
      const known = await post(t, '/api/auth/forgot-password', { email });
      expect(known.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetCodeSent });
      expect(t.mailbox.sent.at(-1)).toMatchObject({ to: email, kind: 'reset_code' });
      expect(t.mailbox.sent.at(-1)?.text).toContain('expires in 24 hours');

      const before = t.mailbox.sent.length;
      const unknown = await post(t, '/api/auth/forgot-password', { email: uniqueEmail() });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(t.mailbox.sent.length).toBe(before);
    });

    it('mails nothing to unconfirmed or disabled accounts, and hides mail failures', async () => {
      const pending = uniqueEmail();
      await register(t, pending);
      const disabled = await confirmedUser(t);
      await setStatus(t, disabled, 'disabled');
      const before = t.mailbox.sent.length;
      expect((await post(t, '/api/auth/forgot-password', { email: pending })).statusCode).toBe(200);
      expect((await post(t, '/api/auth/forgot-password', { email: disabled })).statusCode).toBe(200);
      expect(t.mailbox.sent.length).toBe(before);

      const active = await confirmedUser(t);
      const spy = vi.spyOn(t.mailbox, 'send').mockRejectedValueOnce(new Error('smtp down'));
      const res = await post(t, '/api/auth/forgot-password', { email: active });
      spy.mockRestore();
      expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetCodeSent });
    });

    it('sets the new password, ends every session and audits', async () => {
      const { email, refreshToken, user } = await signedIn(t);
      await post(t, '/api/auth/forgot-password', { email });
      const code = t.mailbox.lastCode(email);
      const newPassword = 'N3wPassword!';
      const res = await post(t, '/api/auth/reset-password', { email, code, newPassword });
      expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordReset });

      expect(errorOf(await post(t, '/api/auth/refresh', { refreshToken }))).toMatchObject({
        status: 401,
        code: 'INVALID_SESSION',
      });
      expect(errorOf(await post(t, '/api/auth/login', { email, password: PASSWORD })).code).toBe(
        'NotAuthorizedException',
      );
      expect((await login(t, email, newPassword)).token).toBeTruthy();
      const audits = (await auditRows(t, AUDIT_OPERATIONS.passwordReset)).filter((r) => r.userId === user.id);
      expect(audits).toHaveLength(1);
      // The code is spent.
      const again = await post(t, '/api/auth/reset-password', { email, code, newPassword: 'An0therPass' });
      expect(errorOf(again)).toMatchObject(mismatch);
    });

    it('refuses wrong, expired and sign-up codes', async () => {
      const email = uniqueEmail();
      await register(t, email);
      const signupCode = t.mailbox.lastCode(email);
      // Not active yet, and a sign-up code is not a reset code.
      const early = await post(t, '/api/auth/reset-password', {
        email,
        code: signupCode,
        newPassword: 'N3wPassword',
      });
      expect(errorOf(early)).toMatchObject(mismatch);
      await post(t, '/api/auth/confirm', { email, code: signupCode });

      await post(t, '/api/auth/forgot-password', { email });
      const code = t.mailbox.lastCode(email);
      const bad = await post(t, '/api/auth/reset-password', {
        email,
        code: wrong(code),
        newPassword: 'N3wPassword',
      });
      expect(errorOf(bad)).toMatchObject(mismatch);
      t.clock.advance(25 * HOUR);
      const late = await post(t, '/api/auth/reset-password', { email, code, newPassword: 'N3wPassword' });
      expect(errorOf(late)).toMatchObject(expired);
      expect((await login(t, email)).token).toBeTruthy();
    });

    it('applies the password rules to the new password', async () => {
      const email = await confirmedUser(t);
      await post(t, '/api/auth/forgot-password', { email });
      const res = await post(t, '/api/auth/reset-password', {
        email,
        code: t.mailbox.lastCode(email),
        newPassword: 'weakpass',
      });
      expect(errorOf(res)).toMatchObject({
        status: 400,
        message: 'Password must contain uppercase, lowercase, and number',
      });
    });

    it('answers an unknown address like a wrong code', async () => {
      const res = await post(t, '/api/auth/reset-password', {
        email: uniqueEmail(),
        code: '123456',
        newPassword: 'N3wPassword',
      });
      expect(errorOf(res)).toMatchObject(mismatch);
    });
  });
});
