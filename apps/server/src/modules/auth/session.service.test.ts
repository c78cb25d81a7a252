import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { fakeDeps, makeUser } from './auth.fakes';
import { hashRefreshToken, SessionService } from './session.service';

const meta = { ip: '10.0.0.1', userAgent: 'vitest' };

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, code: err.code };
    throw err;
  }
  throw new Error('expected a failure');
}

function setup() {
  const f = fakeDeps();
  const user = makeUser({ email: 'jane@example.com' });
  f.store.users.rows.push(user);
  return { ...f, user, sessions: new SessionService(f.deps) };
}

describe('SessionService', () => {
  it('verifies against a dummy hash for unknown addresses', async () => {
    const { sessions, hasher, audits } = setup();
    expect(await failure(sessions.login('ghost@example.com', 'Whatever1', meta))).toEqual({
      status: 401,
      code: 'NotAuthorizedException',
    });
    expect(hasher.dummyCalls).toBe(1);
    expect(audits[0]).toMatchObject({
      operation: AUDIT_OPERATIONS.loginFailure,
      details: { email: 'ghost@example.com', reason: 'unknown_email' },
    });
  });

  it('starts a new family on every sign-in and stores only the token hash', async () => {
    const { sessions, store } = setup();
    const a = await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    const b = await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    const [ra, rb] = store.refreshTokens.rows;
    expect(ra?.familyId).not.toBe(rb?.familyId);
    expect(ra?.tokenHash).toBe(hashRefreshToken(a.refreshToken));
    expect(JSON.stringify(store.refreshTokens.rows)).not.toContain(a.refreshToken);
    expect(a.token).toBe(`token-for-${ra?.userId}-${ra?.familyId}`);
    expect(b.user.lastLoginAt).not.toBeNull();
    expect(ra).toMatchObject({ ip: '10.0.0.1', userAgent: 'vitest' });
  });

  it('expires refresh tokens after the configured days', async () => {
    const { sessions, clock } = setup();
    const { refreshToken } = await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    clock.advance(30 * 24 * 3600 * 1000 - 1);
    const next = await sessions.refresh(refreshToken, meta);
    clock.advance(30 * 24 * 3600 * 1000);
    expect(await failure(sessions.refresh(next.refreshToken, meta))).toEqual({
      status: 401,
      code: 'INVALID_SESSION',
    });
  });

  it('treats losing the race to spend a token as reuse', async () => {
    const { sessions, store, audits } = setup();
    const { refreshToken } = await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    const row = store.refreshTokens.rows[0];
    // Another request spends the token between our read and our update.
    const markUsed = store.refreshTokens.markUsed.bind(store.refreshTokens);
    store.refreshTokens.markUsed = async (id, at) => {
      await markUsed(id, at);
      return false;
    };
    expect(await failure(sessions.refresh(refreshToken, meta))).toEqual({
      status: 401,
      code: 'INVALID_SESSION',
    });
    expect(store.refreshTokens.rows.every((r) => r.revokedAt)).toBe(true);
    expect(store.refreshTokens.rows).toHaveLength(1);
    expect(audits.at(-1)).toMatchObject({
      operation: AUDIT_OPERATIONS.refreshReuse,
      actor: { userId: row?.userId, ip: '10.0.0.1' },
    });
  });

  it('ends the family when the user is no longer active', async () => {
    const { sessions, store, user } = setup();
    const { refreshToken } = await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    user.status = 'disabled';
    expect(await failure(sessions.refresh(refreshToken, meta))).toEqual({
      status: 401,
      code: 'INVALID_SESSION',
    });
    expect(store.refreshTokens.rows[0]?.revokedAt).not.toBeNull();
  });

  it('logs out by refresh token, else by the session id, and ignores unknown tokens', async () => {
    const { sessions, store, audits } = setup();
    const a = await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    await sessions.login('jane@example.com', 'Str0ngPassword', meta);
    const [ra, rb] = store.refreshTokens.rows;
    await sessions.logout({ refreshToken: a.refreshToken }, meta);
    expect(ra?.revokedAt).not.toBeNull();
    expect(rb?.revokedAt).toBeNull();
    await sessions.logout({ sessionId: rb?.familyId, userId: rb?.userId }, meta);
    expect(rb?.revokedAt).not.toBeNull();
    const before = audits.length;
    await sessions.logout({ refreshToken: 'unknown' }, meta);
    expect(audits.length).toBe(before);
  });
});
