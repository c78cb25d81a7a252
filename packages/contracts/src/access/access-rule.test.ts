import { describe, expect, it } from 'vitest';
import { decideAccess, PUBLIC, ROUTE_GROUPS, signedIn } from './access-rule';
import { effectivePermissions, type Role } from './roles';

const subject = (role: Role, extra: string[] = []) => ({
  role,
  permissions: effectivePermissions(role, extra),
});

describe('decideAccess', () => {
  it('lets anyone reach public routes', () => {
    expect(decideAccess(null, PUBLIC)).toEqual({ allowed: true });
  });

  it('answers 401 UNAUTHENTICATED for anonymous visitors of guarded routes', () => {
    expect(decideAccess(null, ROUTE_GROUPS.dashboard)).toEqual({
      allowed: false,
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });

  it.each<[Role, keyof typeof ROUTE_GROUPS, boolean]>([
    ['user', 'dashboard', true],
    ['user', 'account', true],
    ['user', 'admin', false],
    ['user', 'superadmin', false],
    ['admin', 'admin', true],
    ['admin', 'system', true],
    ['admin', 'superadmin', false],
    ['admin', 'platform', false],
    ['superadmin', 'admin', true],
    ['superadmin', 'platform', true],
    ['user', 'outbox', false],
    ['admin', 'outbox', false],
    ['superadmin', 'outbox', true],
    ['user', 'ai', true],
    ['user', 'aiTrain', false],
    ['admin', 'aiTrain', true],
    ['user', 'storageWrite', true],
  ])('%s on %s -> %s', (role, group, allowed) => {
    const decision = decideAccess(subject(role), ROUTE_GROUPS[group]);
    expect(decision.allowed).toBe(allowed);
    if (!decision.allowed) expect(decision).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', status: 403 });
  });

  it('honours permissions granted on top of a role', () => {
    expect(decideAccess(subject('user'), ROUTE_GROUPS.aiTrain).allowed).toBe(false);
    expect(decideAccess(subject('user', ['ai:train']), ROUTE_GROUPS.aiTrain).allowed).toBe(true);
  });

  it('needs only one of several permissions', () => {
    const rule = signedIn('user', ['ai:train', 'view:all-storage']);
    expect(decideAccess({ role: 'user', permissions: ['view:all-storage'] }, rule).allowed).toBe(true);
    expect(decideAccess({ role: 'user', permissions: [] }, rule).allowed).toBe(false);
  });

  it('ignores unknown granted permissions', () => {
    expect(effectivePermissions('user', ['root', 'ai:train'])).toContain('ai:train');
    expect(effectivePermissions('user', ['root'])).not.toContain('root');
  });
});
