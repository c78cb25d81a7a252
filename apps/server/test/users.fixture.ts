import { randomUUID } from 'node:crypto';
import { effectivePermissions, type Role } from '@stratos/contracts/access/roles';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { type NewUser, type UserRow, UsersRepository } from '../src/modules/users/users.repository';

export interface TestUser {
  user: UserRow;
  token: string;
  /** Headers for `app.inject`: `{ authorization: 'Bearer ...' }`. */
  headers: { authorization: string };
}

/**
 * Inserts a user straight through the repository and mints an access token for it, so API tests
 * need neither the sign-up flow nor a real password hash (these users never log in).
 */
export async function createTestUser(app: App, fields: Partial<NewUser> = {}): Promise<TestUser> {
  const user = await insertTestUser(app.ctx.database.db, fields);
  const token = await tokenFor(app, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** The user row alone, for tests of a repository on a database without an app. */
export function insertTestUser(db: Db, fields: Partial<NewUser> = {}): Promise<UserRow> {
  const role: Role = fields.role ?? 'user';
  const status = fields.status ?? 'active';
  return new UsersRepository(db).insert({
    email: `user-${randomUUID().slice(0, 8)}@example.test`,
    passwordHash: 'test-fixture-without-password',
    firstName: 'Test',
    lastName: 'User',
    confirmedAt: status === 'unconfirmed' ? null : new Date(),
    ...fields,
    role,
    status,
  });
}

export function tokenFor(app: App, user: UserRow): Promise<string> {
  return app.ctx.tokens.signAccess({
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    role: user.role,
    permissions: effectivePermissions(user.role, user.grantedPermissions),
    tokenVersion: user.tokenVersion,
  });
}
