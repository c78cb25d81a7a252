import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { emailSchema } from '@stratos/contracts/auth/email';
import { passwordProblem } from '@stratos/contracts/auth/password';
import type { Database } from '../db/client';
import { type Clock, systemClock } from '../lib/clock';
import { AuditRepository } from '../modules/audit/audit.repository';
import { AuditService } from '../modules/audit/audit.service';
import { Argon2PasswordHasher } from '../modules/auth/password-hasher.service';
import { RefreshTokensRepository } from '../modules/auth/refresh-tokens.repository';
import { type UserPatch, UsersRepository } from '../modules/users/users.repository';

/** Bad input from the operator: the CLI prints it without a stack trace and exits with code 2. */
export class CliError extends Error {}

export interface SuperadminInput {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

/** Checks the operator's input before anything is opened; the email comes back normalised. */
export function checkSuperadminInput(input: SuperadminInput): SuperadminInput {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new CliError(`Invalid --email: ${parsedEmail.error.issues[0]?.message}`);
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password);
    if (problem) throw new CliError(`Invalid --password: ${problem}`);
  }
  return { ...input, email: parsedEmail.data };
}

/** Creates or promotes the superadmin (DECISIONS.md section 4); returns what it did, line by line. */
export async function createSuperadmin(
  database: Database,
  raw: SuperadminInput,
  clock: Clock = systemClock,
): Promise<string[]> {
  const input = checkSuperadminInput(raw);
  const { email } = input;
  const users = new UsersRepository(database.db);
  const audit = new AuditService(new AuditRepository(database.db));
  const hasher = new Argon2PasswordHasher();
  const actor = { email: null, ip: null };
  const now = clock.now();
  const existing = await users.findByEmail(email);

  if (!existing) {
    if (!input.password) throw new CliError('--password is required to create a new account.');
    const user = await users.insert({
      email,
      passwordHash: await hasher.hash(input.password),
      firstName: input.firstName?.trim() || 'Super',
      lastName: input.lastName?.trim() || 'Admin',
      role: 'superadmin',
      status: 'active',
      confirmedAt: now,
      source: 'cli',
    });
    await audit.record(
      AUDIT_OPERATIONS.roleChange,
      { ...actor, userId: user.id },
      { to: 'superadmin', via: 'cli' },
    );
    return [`Created superadmin ${email}.`];
  }

  const lines: string[] = [];
  const patch: UserPatch = {};
  if (existing.role !== 'superadmin') {
    patch.role = 'superadmin';
    lines.push(`Promoted ${email} from ${existing.role} to superadmin.`);
  } else {
    lines.push(`${email} is already a superadmin.`);
  }
  if (existing.status === 'unconfirmed') {
    // The operator vouches for the address, so the emailed code is not needed.
    Object.assign(patch, { status: 'active', confirmedAt: now });
    lines.push('Confirmed the account.');
  }
  if (input.password) {
    patch.passwordHash = await hasher.hash(input.password);
    lines.push('Set the new password and ended existing sessions.');
  }
  if (Object.keys(patch).length > 0) await users.update(existing.id, patch);
  if (input.password) await new RefreshTokensRepository(database.db).revokeAllForUser(existing.id, now);
  if (patch.role) {
    await audit.record(
      AUDIT_OPERATIONS.roleChange,
      { ...actor, userId: existing.id },
      { from: existing.role, to: 'superadmin', via: 'cli' },
    );
  }
  if (input.password) {
    await audit.record(AUDIT_OPERATIONS.passwordChange, { ...actor, userId: existing.id }, { via: 'cli' });
  }
  if (existing.status === 'disabled') {
    lines.push('Note: the account is disabled; enable it in Admin > Users before signing in.');
  }
  return lines;
}
