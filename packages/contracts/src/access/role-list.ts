/**
 * Roles and permissions without their zod schemas (roles.ts adds those), so code that only needs
 * the lists and rules (the web app's shell) does not load zod.
 */
export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Permissions of part 1 section 6. */
export const PERMISSIONS = [
  'ai:read',
  'ai:use',
  'ai:train',
  'storage:read',
  'storage:write',
  'view:all-storage',
  'ai:analyze',
  'collaboration',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each role may do unless an admin grants more. The specification lists the permissions
 * but not their assignment; this is the least surprising one: users use AI and their own storage,
 * admins also train and see all storage, the superadmin has everything.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  user: ['ai:read', 'ai:use', 'storage:read', 'storage:write', 'ai:analyze', 'collaboration'],
  // Everything a user has, and training and all storage too: today that is every permission.
  admin: PERMISSIONS,
  superadmin: PERMISSIONS,
};

const ROLE_RANK: Record<Role, number> = { user: 0, admin: 1, superadmin: 2 };

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/** A role's own permissions plus any granted individually. */
export function effectivePermissions(role: Role, granted: readonly string[] = []): Permission[] {
  const set = new Set<Permission>(ROLE_PERMISSIONS[role]);
  for (const p of granted) {
    if ((PERMISSIONS as readonly string[]).includes(p)) set.add(p as Permission);
  }
  return [...set];
}
