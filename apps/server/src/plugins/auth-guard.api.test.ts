import { GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTwoProcessApps, type TestApp, testDbKind } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/users.fixture';
import { users } from '../db/schema/index';
import { NO_LIMITS, PASSWORD, post, signedIn } from '../modules/auth/auth.test-helpers';
import { UsersRepository } from '../modules/users/users.repository';
import { createSuperadmin } from '../operator/superadmin';

const stale = { success: false, error: { code: 'INVALID_SESSION', message: GUARD_ERRORS.INVALID_SESSION } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Signs a fresh account in through the API (access and refresh token), as `role`. */
async function session(t: TestApp, superadmin: TestUser, role: 'user' | 'admin' = 'user') {
  const { email, user } = await signedIn(t);
  if (role !== 'user') {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers: superadmin.headers,
      payload: { role },
    });
    expect(res.statusCode).toBe(200);
  }
  const res = await post(t, '/api/auth/login', { email, password: PASSWORD });
  const { token, refreshToken } = res.json() as { token: string; refreshToken: string };
  return { id: user.id, email, token, refreshToken };
}

describe('role and status changes take effect on the next request', () => {
  let t: TestApp;
  let root: TestUser;
  beforeAll(async () => {
    t = await createTestApp(NO_LIMITS);
    root = await createTestUser(t.app, { role: 'superadmin' });
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: root.headers, payload });

  it('a demoted admin loses the admin routes at once; a refresh signs the new role in', async () => {
    const admin = await session(t, root, 'admin');
    expect((await get(t, '/api/admin/users', admin.token)).statusCode).toBe(200);
    expect((await patch(admin.id, { role: 'user' })).statusCode).toBe(200);

    const refused = await get(t, '/api/admin/users', admin.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(stale);
    // Nor can the old token act on anything else.
    expect((await get(t, '/api/auth/me', admin.token)).statusCode).toBe(401);

    const renewed = await post(t, '/api/auth/refresh', { refreshToken: admin.refreshToken });
    expect(renewed.statusCode).toBe(200);
    const token = renewed.json().token as string;
    expect((await get(t, '/api/admin/users', token)).statusCode).toBe(403);
    expect((await get(t, '/api/auth/me', token)).json().user.role).toBe('user');
  });

  it('a disabled account loses access at once and cannot refresh', async () => {
    const u = await session(t, root);
    expect((await get(t, '/api/auth/me', u.token)).statusCode).toBe(200);
    expect((await patch(u.id, { disabled: true })).statusCode).toBe(200);
    expect((await get(t, '/api/auth/me', u.token)).json()).toEqual(stale);
    expect((await post(t, '/api/auth/refresh', { refreshToken: u.refreshToken })).statusCode).toBe(401);
  });

  it('withdrawn permissions take effect at once', async () => {
    const u = await session(t, root);
    expect((await patch(u.id, { permissions: ['ai:train'] })).statusCode).toBe(200);
    const granted = (await post(t, '/api/auth/login', { email: u.email, password: PASSWORD })).json().token;
    expect((await get(t, '/api/auth/me', granted)).statusCode).toBe(200);
    expect((await patch(u.id, { permissions: [] })).statusCode).toBe(200);
    expect((await get(t, '/api/auth/me', granted)).statusCode).toBe(401);
  });

  it('a deleted account loses access at once', async () => {
    const u = await session(t, root);
    expect((await get(t, '/api/auth/me', u.token)).statusCode).toBe(200);
    // No route deletes accounts: the users trigger's notification tells the guard (at commit).
    await new UsersRepository(t.app.ctx.database.db).delete(u.id);
    await expect.poll(async () => (await get(t, '/api/auth/me', u.token)).json()).toEqual(stale);
  });

  it("a password change ends every other session's access token at once", async () => {
    const a = await session(t, root);
    const b = (await post(t, '/api/auth/login', { email: a.email, password: PASSWORD })).json();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(a.token),
      payload: { currentPassword: PASSWORD, newPassword: 'An0therPassword' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(t, '/api/auth/me', b.token)).json()).toEqual(stale);
    expect((await post(t, '/api/auth/refresh', { refreshToken: b.refreshToken })).statusCode).toBe(401);
    // The session that changed it carries on after one refresh.
    const renewed = await post(t, '/api/auth/refresh', { refreshToken: a.refreshToken });
    expect((await get(t, '/api/auth/me', renewed.json().token)).statusCode).toBe(200);
  });

  it('a password reset ends access tokens at once', async () => {
    const u = await session(t, root);
    await post(t, '/api/auth/forgot-password', { email: u.email });
    const reset = await post(t, '/api/auth/reset-password', {
      email: u.email,
      code: t.mailbox.lastCode(u.email),
      newPassword: 'An0therPassword',
    });
    expect(reset.statusCode).toBe(200);
    expect((await get(t, '/api/auth/me', u.token)).json()).toEqual(stale);
  });

  it('a change made outside the routes (the CLI, an operator in SQL) reaches the guard too', async () => {
    const admin = await session(t, root, 'admin');
    expect((await get(t, '/api/admin/users', admin.token)).statusCode).toBe(200);
    await t.app.ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
    await expect.poll(async () => (await get(t, '/api/admin/users', admin.token)).statusCode).toBe(401);

    const promoted = await session(t, root);
    expect((await get(t, '/api/auth/me', promoted.token)).statusCode).toBe(200);
    await createSuperadmin(t.app.ctx.database, { email: promoted.email });
    await expect.poll(async () => (await get(t, '/api/auth/me', promoted.token)).statusCode).toBe(401);
  });

  it('keeps accepting a token whose account did not change, and ignores what does not matter', async () => {
    const u = await session(t, root);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(u.token),
      payload: { firstName: 'Renamed' },
    });
    await post(t, '/api/auth/login', { email: u.email, password: PASSWORD });
    expect((await get(t, '/api/auth/me', u.token)).statusCode).toBe(200);
  });
});

// Two apps on one schema stand for two API processes: a change on one reaches the other's guard.
describe.runIf(testDbKind === 'postgres')('across processes (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await createTwoProcessApps(NO_LIMITS));
  });
  afterAll(() => close());

  it('a demotion through one process is refused by the other on its next request', async () => {
    const root = await createTestUser(a.app, { role: 'superadmin' });
    const admin = await createTestUser(a.app, { role: 'admin' });
    const onB = await b.app.ctx.tokens.signAccess({
      id: admin.user.id,
      email: admin.user.email,
      name: 'Admin',
      role: 'admin',
      permissions: [],
      tokenVersion: admin.user.tokenVersion,
    });
    // B has now cached the account's state.
    expect((await get(b, '/api/admin/users', onB)).statusCode).toBe(200);
    const res = await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      headers: root.headers,
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await get(b, '/api/admin/users', onB)).statusCode).toBe(401);
  });
});
