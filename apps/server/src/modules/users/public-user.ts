import { effectivePermissions } from '@stratos/contracts/access/roles';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import type { UserRow } from './users.repository';

export function displayName(row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email;
}

/** The user as replies show it: names in both spellings of part 1 section 3, no secrets. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    name: displayName(row),
    firstName: row.firstName,
    lastName: row.lastName,
    given_name: row.firstName,
    family_name: row.lastName,
    company: row.company,
    role: row.role,
    permissions: effectivePermissions(row.role, row.grantedPermissions),
    subscriptionPlan: row.subscriptionPlan,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}
