import type { Role } from '@stratos/contracts/access/roles';
import type { UserStatus } from '@stratos/contracts/auth/user.schema';

export const ROLE_LABEL: Record<Role, string> = { user: 'User', admin: 'Admin', superadmin: 'Superadmin' };

export const STATUS_META: Record<UserStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'success' },
  unconfirmed: { label: 'Unconfirmed', color: 'warning' },
  disabled: { label: 'Disabled', color: 'error' },
};
