import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.repository';
import { planUserChange } from './admin-user.rules';

const row = (fields: Partial<UserRow>): UserRow => ({
  id: 'target',
  email: 'target@example.test',
  passwordHash: 'x',
  firstName: 'T',
  lastName: 'U',
  company: null,
  role: 'user',
  grantedPermissions: [],
  status: 'active',
  subscriptionPlan: 'free',
  selectedPlan: 'free',
  source: 'direct',
  tokenVersion: 0,
  confirmedAt: new Date(),
  lastLoginAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...fields,
});
const admin = { id: 'admin', role: 'admin' as const };
const superadmin = { id: 'super', role: 'superadmin' as const };

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string; statusCode?: number }).code;
  }
  return 'no error';
};

describe('planUserChange', () => {
  it('refuses changing or disabling oneself, whatever the role', () => {
    const me = row({ id: 'super', role: 'superadmin' });
    expect(codeOf(() => planUserChange(superadmin, me, { role: 'user' }))).toBe('SELF_ROLE_CHANGE');
    expect(codeOf(() => planUserChange(superadmin, me, { disabled: true }))).toBe('SELF_DISABLE');
    expect(planUserChange(superadmin, me, { role: 'superadmin', disabled: false }).patch).toEqual({});
  });

  it('keeps admin and superadmin accounts and roles for the superadmin', () => {
    expect(codeOf(() => planUserChange(admin, row({}), { role: 'admin' }))).toBe(
      'SUPERADMIN_REQUIRED_TO_GRANT',
    );
    expect(codeOf(() => planUserChange(admin, row({}), { role: 'superadmin' }))).toBe(
      'SUPERADMIN_REQUIRED_TO_GRANT',
    );
    for (const role of ['admin', 'superadmin'] as const) {
      const target = row({ role });
      expect(codeOf(() => planUserChange(admin, target, { disabled: true }))).toBe(
        'SUPERADMIN_REQUIRED_TO_CHANGE',
      );
      expect(codeOf(() => planUserChange(admin, target, { permissions: [] }))).toBe(
        'SUPERADMIN_REQUIRED_TO_CHANGE',
      );
    }
    expect(planUserChange(superadmin, row({ role: 'admin' }), { role: 'superadmin' }).patch).toEqual({
      role: 'superadmin',
    });
  });

  it('plans a role change with its audit entry', () => {
    const plan = planUserChange(superadmin, row({}), { role: 'admin' });
    expect(plan.audit).toEqual([
      {
        operation: AUDIT_OPERATIONS.roleChange,
        details: {
          targetUserId: 'target',
          targetEmail: 'target@example.test',
          before: 'user',
          after: 'admin',
        },
      },
    ]);
  });

  it('disables with revocation and re-enables to the confirmation state', () => {
    const disable = planUserChange(admin, row({}), { disabled: true });
    expect(disable).toMatchObject({ patch: { status: 'disabled' }, revokeSessions: true });
    expect(disable.audit[0]?.operation).toBe(AUDIT_OPERATIONS.userDisabled);

    const enable = planUserChange(admin, row({ status: 'disabled' }), { disabled: false });
    expect(enable).toMatchObject({ patch: { status: 'active' }, revokeSessions: false });
    expect(enable.audit[0]?.operation).toBe(AUDIT_OPERATIONS.userEnabled);

    const neverConfirmed = row({ status: 'disabled', confirmedAt: null });
    expect(planUserChange(admin, neverConfirmed, { disabled: false }).patch).toEqual({
      status: 'unconfirmed',
    });
  });

  it('writes nothing for a change that changes nothing', () => {
    const target = row({ grantedPermissions: ['ai:train'] });
    expect(
      planUserChange(admin, target, { role: 'user', permissions: ['ai:train', 'ai:train'], disabled: false }),
    ).toEqual({ patch: {}, revokeSessions: false, audit: [] });
  });

  it('stores granted permissions deduplicated and sorted', () => {
    const plan = planUserChange(admin, row({}), {
      permissions: ['view:all-storage', 'ai:train', 'ai:train'],
    });
    expect(plan.patch).toEqual({ grantedPermissions: ['ai:train', 'view:all-storage'] });
    expect(plan.audit[0]).toMatchObject({
      operation: AUDIT_OPERATIONS.permissionsChange,
      details: { before: [], after: ['ai:train', 'view:all-storage'] },
    });
  });
});
