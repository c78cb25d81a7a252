import { randomBytes, randomUUID } from 'node:crypto';
import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import { UsersRepository } from '../users/users.repository';

describe('admin: users', () => {
  let t: TestApp;
  let admin: TestUser;
  let superadmin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin', email: 'admin@example.test' });
    superadmin = await createTestUser(t.app, { role: 'superadmin', email: 'root@example.test' });
  });
  afterAll(() => t.close());

  const list = (who: TestUser, query: Record<string, string | number>) =>
    t.app.inject({ method: 'GET', url: '/api/admin/users', headers: who.headers, query: stringify(query) });
  const patch = (who: TestUser, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: who.headers, payload });
  const auditFor = async (operation: string, targetUserId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: superadmin.headers,
      query: { operation },
    });
    return res
      .json()
      .data.events.filter(
        (e: { details: { targetUserId?: string } }) => e.details.targetUserId === targetUserId,
      );
  };

  describe('listing', () => {
    // A tag unique to this run keeps the other tests' users out of the counts.
    const tag = `q${randomBytes(3).toString('hex')}`;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const base = Date.parse('2024-01-01T00:00:00Z');
      const people = [
        { key: 'ada', firstName: 'Ada', lastName: `Lovelace${tag}`, company: 'Analytical Engines' },
        { key: 'alan', firstName: `Alan${tag}`, lastName: 'Turing', company: 'Bletchley' },
        { key: 'grace', firstName: 'Grace', lastName: 'Hopper', company: `Navy ${tag.toUpperCase()}` },
        { key: 'linus', firstName: 'Linus', lastName: 'T', email: `linus.${tag}@example.test` },
        { key: 'off', firstName: 'Off', lastName: tag, status: 'disabled' as const },
        { key: 'new', firstName: 'New', lastName: tag, status: 'unconfirmed' as const },
        { key: 'boss', firstName: 'Boss', lastName: tag, role: 'admin' as const },
      ];
      for (const [i, p] of people.entries()) {
        const { key, ...fields } = p;
        ids[key] = (
          await createTestUser(t.app, { ...fields, createdAt: new Date(base + i * 60_000) })
        ).user.id;
      }
    });

    it('finds by e-mail, first name, last name, company and full name, ignoring case', async () => {
      const res = await list(admin, { search: tag.toUpperCase() });
      expect(res.statusCode).toBe(200);
      const { users, total } = res.json().data;
      expect(total).toBe(7);
      // Newest first.
      expect(users.map((u: { id: string }) => u.id)).toEqual(
        ['boss', 'new', 'off', 'linus', 'grace', 'alan', 'ada'].map((k) => ids[k]),
      );
      expect(users[0]).toMatchObject({ role: 'admin', firstName: 'Boss', given_name: 'Boss' });
      expect(users[0]).not.toHaveProperty('passwordHash');

      const byName = await list(admin, { search: `ada lovelace${tag}` });
      expect(byName.json().data.users.map((u: { id: string }) => u.id)).toEqual([ids.ada]);
    });

    it('filters by role and status', async () => {
      const admins = await list(admin, { search: tag, role: 'admin' });
      expect(admins.json().data).toMatchObject({ total: 1, users: [{ id: ids.boss }] });
      const disabled = await list(admin, { search: tag, status: 'disabled' });
      expect(disabled.json().data).toMatchObject({ total: 1, users: [{ id: ids.off, status: 'disabled' }] });
      const unconfirmed = await list(admin, { search: tag, status: 'unconfirmed' });
      expect(unconfirmed.json().data.users.map((u: { id: string }) => u.id)).toEqual([ids.new]);
    });

    it('pages with limit and offset, keeping the total', async () => {
      const page = await list(admin, { search: tag, limit: 2, offset: 2 });
      expect(page.json().data.total).toBe(7);
      expect(page.json().data.users.map((u: { id: string }) => u.id)).toEqual([ids.off, ids.linus]);
      const past = await list(admin, { search: tag, limit: 2, offset: 10 });
      expect(past.json().data).toEqual({ users: [], total: 7 });
    });

    it('takes wildcard characters literally', async () => {
      const res = await list(admin, { search: '%' });
      expect(res.json().data.total).toBe(0);
    });

    it('refuses bad filters', async () => {
      expect((await list(admin, { role: 'king' })).statusCode).toBe(400);
      expect((await list(admin, { limit: 0 })).statusCode).toBe(400);
      expect((await list(admin, { limit: 201 })).statusCode).toBe(400);
    });
  });

  describe('changing a user', () => {
    it('answers 404 for an unknown id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await patch(admin, id, { disabled: true });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
      }
    });

    it('refuses invalid or empty changes', async () => {
      const u = await createTestUser(t.app);
      expect((await patch(admin, u.user.id, {})).statusCode).toBe(400);
      expect((await patch(admin, u.user.id, { role: 'king' })).statusCode).toBe(400);
      expect((await patch(admin, u.user.id, { permissions: ['root'] })).statusCode).toBe(400);
      expect((await patch(admin, u.user.id, { status: 'active' })).statusCode).toBe(400);
    });

    it('does not let an admin change their own role nor disable themselves', async () => {
      const self = await patch(admin, admin.user.id, { role: 'user' });
      expect(self.statusCode).toBe(403);
      expect(self.json().error).toEqual({
        code: 'SELF_ROLE_CHANGE',
        message: 'You cannot change your own role',
      });
      const off = await patch(superadmin, superadmin.user.id, { disabled: true });
      expect(off.statusCode).toBe(403);
      expect(off.json().error).toEqual({
        code: 'SELF_DISABLE',
        message: 'You cannot disable your own account',
      });
    });

    it('lets only a superadmin grant admin or superadmin', async () => {
      const u = await createTestUser(t.app);
      for (const role of ['admin', 'superadmin']) {
        const res = await patch(admin, u.user.id, { role });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('SUPERADMIN_REQUIRED_TO_GRANT');
        expect(res.json().error.message).toBe('Only a superadmin can grant the admin or superadmin role');
      }
      const granted = await patch(superadmin, u.user.id, { role: 'admin' });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().data).toMatchObject({ id: u.user.id, role: 'admin' });
      expect(granted.json().data.permissions).toContain('view:all-storage');

      const [entry] = await auditFor(AUDIT_OPERATIONS.roleChange, u.user.id);
      expect(entry).toMatchObject({
        userId: superadmin.user.id,
        actorEmail: 'root@example.test',
        details: { before: 'user', after: 'admin', targetEmail: u.user.email },
      });
    });

    it('lets only a superadmin change or disable an admin or superadmin', async () => {
      const other = await createTestUser(t.app, { role: 'admin' });
      const top = await createTestUser(t.app, { role: 'superadmin' });
      for (const target of [other, top]) {
        for (const change of [{ disabled: true }, { role: 'user' }, { permissions: ['ai:train'] }]) {
          const res = await patch(admin, target.user.id, change);
          expect(res.statusCode).toBe(403);
          expect(res.json().error).toEqual({
            code: 'SUPERADMIN_REQUIRED_TO_CHANGE',
            message: 'Only a superadmin can change an admin or superadmin account',
          });
        }
      }
      const demoted = await patch(superadmin, other.user.id, { role: 'user' });
      expect(demoted.json().data.role).toBe('user');
      const disabled = await patch(superadmin, top.user.id, { disabled: true });
      expect(disabled.json().data.status).toBe('disabled');
    });

    it('disables a user, revoking every refresh token, and audits it', async () => {
      const u = await createTestUser(t.app);
      const tokens = new RefreshTokensRepository(t.app.ctx.database.db);
      const hashes = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
      for (const tokenHash of hashes) {
        await tokens.insert({
          userId: u.user.id,
          familyId: randomUUID(),
          tokenHash,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
      }
      const res = await patch(admin, u.user.id, { disabled: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: u.user.id, status: 'disabled' });
      for (const hash of hashes) expect((await tokens.findByHash(hash))?.revokedAt).toBeInstanceOf(Date);

      const [entry] = await auditFor(AUDIT_OPERATIONS.userDisabled, u.user.id);
      expect(entry).toMatchObject({
        userId: admin.user.id,
        actorEmail: 'admin@example.test',
        source: 'server',
        details: { before: 'active', after: 'disabled' },
      });
    });

    it('re-enables to active, or to unconfirmed when never confirmed', async () => {
      const confirmed = await createTestUser(t.app, { status: 'disabled' });
      const never = await createTestUser(t.app, { status: 'disabled', confirmedAt: null });
      const a = await patch(admin, confirmed.user.id, { disabled: false });
      expect(a.json().data.status).toBe('active');
      const b = await patch(admin, never.user.id, { disabled: false });
      expect(b.json().data.status).toBe('unconfirmed');
      const [entry] = await auditFor(AUDIT_OPERATIONS.userEnabled, never.user.id);
      expect(entry.details).toMatchObject({ before: 'disabled', after: 'unconfirmed' });
    });

    it('grants permissions on top of the role and audits before and after', async () => {
      const u = await createTestUser(t.app);
      const res = await patch(admin, u.user.id, { permissions: ['view:all-storage', 'ai:train'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.permissions).toEqual(
        expect.arrayContaining(['ai:read', 'ai:train', 'view:all-storage']),
      );
      const stored = await new UsersRepository(t.app.ctx.database.db).findById(u.user.id);
      expect(stored?.grantedPermissions).toEqual(['ai:train', 'view:all-storage']);
      const [entry] = await auditFor(AUDIT_OPERATIONS.permissionsChange, u.user.id);
      expect(entry.details).toMatchObject({ before: [], after: ['ai:train', 'view:all-storage'] });
    });

    it('writes no audit row for a change that changes nothing', async () => {
      const u = await createTestUser(t.app);
      const res = await patch(admin, u.user.id, { role: 'user', disabled: false, permissions: [] });
      expect(res.statusCode).toBe(200);
      for (const op of Object.values(AUDIT_OPERATIONS).filter((o) => o.startsWith('admin.'))) {
        expect(await auditFor(op, u.user.id)).toEqual([]);
      }
    });

    it('judges the actor by their current role, not by a token minted before a demotion', async () => {
      const former = await createTestUser(t.app, { role: 'admin' });
      await patch(superadmin, former.user.id, { role: 'user' });
      const u = await createTestUser(t.app);
      const res = await patch(former, u.user.id, { disabled: true });
      // The token's version is stale: refused before the route runs.
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('INVALID_SESSION');
    });
  });

  describe('access', () => {
    const routes = [
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${randomUUID()}`],
      ['GET', '/api/admin/outbox'],
      ['GET', '/api/admin/contact-messages'],
    ] as const;

    it.each(routes)('refuses %s %s to a user', async (method, url) => {
      const u = await createTestUser(t.app);
      // A body only where one is taken (a GET with a body is a 400 before any guard).
      const payload = method === 'PATCH' ? { disabled: true } : undefined;
      const res = await t.app.inject({ method, url, headers: u.headers, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'INSUFFICIENT_PERMISSIONS', message: 'Insufficient permissions' },
      });
    });

    it.each(routes)('refuses %s %s without a token', async (method, url) => {
      const payload = method === 'PATCH' ? { disabled: true } : undefined;
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
    });
  });
});

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}
