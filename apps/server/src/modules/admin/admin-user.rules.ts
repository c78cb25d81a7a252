import type { Role } from '@stratos/contracts/access/roles';
import {
  ADMIN_ERRORS,
  type AdminErrorCode,
  type AdminUserPatch,
} from '@stratos/contracts/admin/admin-users.schema';
import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { AppError } from '../../lib/app-error';
import type { UserPatch, UserRow } from '../users/users.repository';

export interface AdminActor {
  id: string;
  role: Role;
}

export interface AuditEntry {
  operation: string;
  details: Record<string, unknown>;
}

/** What one PATCH does: the columns to write, whether sessions end, and what the audit log says. */
export interface UserChangePlan {
  patch: UserPatch;
  revokeSessions: boolean;
  audit: AuditEntry[];
}

const refuse = (code: AdminErrorCode) => new AppError(403, code, ADMIN_ERRORS[code]);

/**
 * The rules of PATCH /admin/users/:id, free of I/O so each one is tested on its own.
 * An admin may not change their own role nor disable themselves (no self-lockout, no
 * self-promotion); only a superadmin may touch an admin or superadmin account or grant those
 * roles. Since nobody can demote themselves, the last superadmin always remains.
 */
export function planUserChange(actor: AdminActor, target: UserRow, change: AdminUserPatch): UserChangePlan {
  const self = actor.id === target.id;
  const roleChanges = change.role !== undefined && change.role !== target.role;
  if (self && roleChanges) throw refuse('SELF_ROLE_CHANGE');
  if (self && change.disabled === true) throw refuse('SELF_DISABLE');
  if (actor.role !== 'superadmin') {
    if (target.role !== 'user') throw refuse('SUPERADMIN_REQUIRED_TO_CHANGE');
    if (roleChanges && change.role !== 'user') throw refuse('SUPERADMIN_REQUIRED_TO_GRANT');
  }

  const plan: UserChangePlan = { patch: {}, revokeSessions: false, audit: [] };
  const subject = { targetUserId: target.id, targetEmail: target.email };

  if (roleChanges && change.role) {
    plan.patch.role = change.role;
    plan.audit.push({
      operation: AUDIT_OPERATIONS.roleChange,
      details: { ...subject, before: target.role, after: change.role },
    });
  }

  if (change.permissions !== undefined) {
    const after = [...new Set(change.permissions)].sort();
    const before = [...target.grantedPermissions].sort();
    if (after.join() !== before.join()) {
      plan.patch.grantedPermissions = after;
      plan.audit.push({
        operation: AUDIT_OPERATIONS.permissionsChange,
        details: { ...subject, before, after },
      });
    }
  }

  if (change.disabled === true) {
    // Ends sessions even when already disabled: cheap, and closes any session that slipped through.
    plan.revokeSessions = true;
    if (target.status !== 'disabled') {
      plan.patch.status = 'disabled';
      plan.audit.push({
        operation: AUDIT_OPERATIONS.userDisabled,
        details: { ...subject, before: target.status, after: 'disabled' },
      });
    }
  } else if (change.disabled === false && target.status === 'disabled') {
    // Re-enabling must not skip e-mail confirmation for an account that never confirmed.
    const after = target.confirmedAt ? 'active' : 'unconfirmed';
    plan.patch.status = after;
    plan.audit.push({
      operation: AUDIT_OPERATIONS.userEnabled,
      details: { ...subject, before: 'disabled', after },
    });
  }
  return plan;
}
