import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { describe, expect, it } from 'vitest';
import type { SessionState, SessionUser } from './auth-session';
import { canReach, describeRule, isActivePath, loginPathFor, routeVerdict } from './route-access';

const user = (role: SessionUser['role'], permissions: string[] = []): SessionUser => ({
  id: 'u1',
  email: 'a@b.co',
  name: 'Ada Lovelace',
  role,
  permissions,
});
const signedIn = (u: SessionUser): SessionState => ({ status: 'signedIn', user: u });
const signedOut: SessionState = { status: 'signedOut', user: null };
const checking: SessionState = { status: 'checking', user: null };

describe('routeVerdict', () => {
  it('lets anyone through a public route, even while the session is being checked', () => {
    expect(routeVerdict(checking, ROUTE_GROUPS.public)).toEqual({ kind: 'allow' });
    expect(routeVerdict(signedOut, ROUTE_GROUPS.public)).toEqual({ kind: 'allow' });
  });

  it('waits while the session is being checked', () => {
    expect(routeVerdict(checking, ROUTE_GROUPS.dashboard)).toEqual({ kind: 'checking' });
  });

  it('sends anonymous visitors to login with UNAUTHENTICATED', () => {
    expect(routeVerdict(signedOut, ROUTE_GROUPS.dashboard)).toEqual({
      kind: 'login',
      code: 'UNAUTHENTICATED',
    });
  });

  it('shows a 403 to a signed-in user below the required role instead of logging them out', () => {
    expect(routeVerdict(signedIn(user('user')), ROUTE_GROUPS.admin)).toEqual({
      kind: 'forbidden',
      code: 'INSUFFICIENT_PERMISSIONS',
    });
    expect(routeVerdict(signedIn(user('admin')), ROUTE_GROUPS.superadmin)).toEqual({
      kind: 'forbidden',
      code: 'INSUFFICIENT_PERMISSIONS',
    });
  });

  it('needs one of the permissions of a permission route', () => {
    expect(routeVerdict(signedIn(user('user', [])), ROUTE_GROUPS.ai).kind).toBe('forbidden');
    expect(routeVerdict(signedIn(user('user', ['ai:read'])), ROUTE_GROUPS.ai).kind).toBe('allow');
    expect(routeVerdict(signedIn(user('user', ['ai:use'])), ROUTE_GROUPS.aiTrain).kind).toBe('forbidden');
  });

  it('lets higher roles through lower-role routes', () => {
    expect(routeVerdict(signedIn(user('superadmin')), ROUTE_GROUPS.admin).kind).toBe('allow');
    expect(routeVerdict(signedIn(user('admin')), ROUTE_GROUPS.dashboard).kind).toBe('allow');
  });
});

describe('canReach', () => {
  it('matches the guard for menus', () => {
    expect(canReach(null, ROUTE_GROUPS.public)).toBe(true);
    expect(canReach(null, ROUTE_GROUPS.dashboard)).toBe(false);
    expect(canReach(user('admin'), ROUTE_GROUPS.admin)).toBe(true);
    expect(canReach(user('user'), ROUTE_GROUPS.admin)).toBe(false);
  });
});

describe('loginPathFor', () => {
  it('carries the sanitised path and query as an encoded redirect', () => {
    expect(loginPathFor('/files', '?view=list')).toBe('/login?redirect=%2Ffiles%3Fview%3Dlist');
    expect(loginPathFor('//evil.com/')).toBe('/login?redirect=%2Fevil.com');
    expect(loginPathFor('/a/../admin-dashboard')).toBe('/login?redirect=%2Fa%2Fadmin-dashboard');
  });
});

describe('isActivePath', () => {
  it('is active on the path itself and below it, not on look-alikes', () => {
    expect(isActivePath('/files', '/files')).toBe(true);
    expect(isActivePath('/files/debug', '/files')).toBe(true);
    expect(isActivePath('/files-fixed', '/files')).toBe(false);
    expect(isActivePath('/settings', '/settings')).toBe(true);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
  });
});

describe('describeRule', () => {
  it('explains what a page needs', () => {
    expect(describeRule(ROUTE_GROUPS.admin)).toMatch(/administrators/);
    expect(describeRule(ROUTE_GROUPS.superadmin)).toMatch(/platform operator/);
    expect(describeRule(ROUTE_GROUPS.aiTrain)).toMatch(/ai:train/);
  });
});
