import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';
import { auditRows, errorOf, login, NO_LIMITS, PASSWORD, post, signedIn } from './auth.test-helpers';

const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('the signed-in account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_LIMITS);
  });
  afterAll(() => t.close());

  it('GET /api/auth/me reads the user fresh from the database', async () => {
    const { email, token } = await signedIn(t);
    await t.app.ctx.database.db.update(users).set({ company: 'Changed Inc' }).where(eq(users.email, email));
    const res = await me(t, token);
    expect(res.json()).toMatchObject({ success: true, user: { email, company: 'Changed Inc' } });
  });

  it('PATCH /api/auth/me updates names and company', async () => {
    const { token } = await signedIn(t);
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const res = await patch({ firstName: ' Ann ', company: 'Acme' });
    expect(res.json().user).toMatchObject({
      firstName: 'Ann',
      lastName: 'Doe',
      name: 'Ann Doe',
      company: 'Acme',
    });
    expect((await patch({ company: null })).json().user.company).toBeNull();
    expect((await patch({})).json().user.firstName).toBe('Ann');
    expect(errorOf(await patch({ lastName: '' }))).toMatchObject({
      status: 400,
      message: 'Last name is required',
    });
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { firstName: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('POST /api/auth/change-password checks the current password', async () => {
    const { token } = await signedIn(t);
    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: 'Wr0ngPassword', newPassword: 'N3wPassword' },
      token,
    );
    expect(errorOf(res)).toMatchObject({
      status: 400,
      code: 'NotAuthorizedException',
      message: 'Current password is incorrect.',
    });
    const weak = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'short' },
      token,
    );
    expect(errorOf(weak)).toMatchObject({ status: 400, message: 'Password must be at least 8 characters' });
  });

  it('changes the password, keeps this session, ends the others and audits', async () => {
    const current = await signedIn(t);
    const other = await login(t, current.email);
    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'N3wPassword' },
      current.token,
    );
    expect(res.json()).toEqual({ success: true, message: 'Your password has been changed.' });
    expect((await post(t, '/api/auth/refresh', { refreshToken: current.refreshToken })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email: current.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await login(t, current.email, 'N3wPassword')).token).toBeTruthy();
    const audits = (await auditRows(t, AUDIT_OPERATIONS.passwordChange)).filter(
      (r) => r.userId === current.user.id,
    );
    expect(audits).toHaveLength(1);
  });
});
