import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import { auditLog, users } from '../../db/schema/index';

/** Shared by the auth API tests: generous limits so only the rate-limit suite meets them. */
export const NO_LIMITS = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

export const PASSWORD = 'Str0ngPassword';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export function post(t: TestApp, url: string, payload?: object, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export async function register(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const res = await post(t, '/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Jane',
    lastName: 'Doe',
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return res.json();
}

export async function confirmedUser(t: TestApp, email = uniqueEmail()) {
  await register(t, email);
  const res = await post(t, '/api/auth/confirm', { email, code: t.mailbox.lastCode(email) });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.body}`);
  return email;
}

export async function login(t: TestApp, email: string, password = PASSWORD) {
  const res = await post(t, '/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json() as { token: string; refreshToken: string; expiresIn: number; user: { id: string } };
}

export async function signedIn(t: TestApp, email = uniqueEmail()) {
  await confirmedUser(t, email);
  return { email, ...(await login(t, email)) };
}

export const userRow = async (t: TestApp, email: string) =>
  (await t.app.ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

export const auditRows = (t: TestApp, operation: string) =>
  t.app.ctx.database.db.select().from(auditLog).where(eq(auditLog.operation, operation));

export function errorOf(res: { statusCode: number; json(): unknown }) {
  const body = res.json() as { success: boolean; error?: { code: string; message: string } };
  return {
    status: res.statusCode,
    success: body.success,
    code: body.error?.code,
    message: body.error?.message,
  };
}

export async function setStatus(t: TestApp, email: string, status: 'unconfirmed' | 'active' | 'disabled') {
  await t.app.ctx.database.db.update(users).set({ status }).where(eq(users.email, email));
}
