import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { cliEnv, parseCommand } from './cli';
import type { Database } from './db/client';
import { auditLog, refreshTokens, users } from './db/schema/index';
import { Argon2PasswordHasher } from './modules/auth/password-hasher.service';
import { CliError, checkSuperadminInput, createSuperadmin } from './operator/superadmin';

describe('cli', () => {
  describe('parseCommand', () => {
    it('reads the commands and options', () => {
      expect(parseCommand([])).toEqual({ name: 'help' });
      expect(parseCommand(['migrate'])).toEqual({ name: 'migrate' });
      expect(
        parseCommand([
          'create-superadmin',
          '--email',
          'a@b.co',
          '--password',
          'P4ssword',
          '--first-name',
          'Ada',
        ]),
      ).toEqual({ name: 'create-superadmin', email: 'a@b.co', password: 'P4ssword', firstName: 'Ada' });
    });

    it('refuses unknown commands, unknown options and missing values', () => {
      expect(() => parseCommand(['seed-everything'])).toThrow(CliError);
      expect(() => parseCommand(['create-superadmin', '--pass', 'x'])).toThrow(/Unknown option '--pass'/);
      expect(() => parseCommand(['create-superadmin', '--email'])).toThrow(CliError);
      expect(() => parseCommand(['migrate', 'extra'])).toThrow(CliError);
    });
  });

  describe('cliEnv', () => {
    it('resolves a relative DATA_DIR against the directory npm was run in', () => {
      expect(cliEnv({ INIT_CWD: '/repo' }).DATA_DIR).toBe('/repo/data');
      expect(cliEnv({ INIT_CWD: '/repo', DATA_DIR: 'var/db' }).DATA_DIR).toBe('/repo/var/db');
      expect(cliEnv({ INIT_CWD: '/repo', DATA_DIR: '/abs' }).DATA_DIR).toBe('/abs');
      expect(cliEnv({}).DATA_DIR).toBeUndefined();
    });
  });

  describe('checkSuperadminInput', () => {
    it('normalises the email and applies the password rules', () => {
      expect(checkSuperadminInput({ email: ' Boss@Example.COM ' }).email).toBe('boss@example.com');
      expect(() => checkSuperadminInput({ email: 'nope' })).toThrow(
        'Invalid --email: Please enter a valid email',
      );
      expect(() => checkSuperadminInput({ email: 'a@b.co', password: 'short' })).toThrow(
        'Invalid --password: Password must be at least 8 characters',
      );
      expect(() => checkSuperadminInput({ email: 'a@b.co', password: 'nouppercase1' })).toThrow(
        'Password must contain uppercase, lowercase, and number',
      );
    });
  });

  describe('createSuperadmin', () => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await openTestDatabase());
    });
    afterAll(() => dispose());

    const find = async (email: string) =>
      (await database.db.select().from(users).where(eq(users.email, email)))[0];

    it('creates an active superadmin whose password verifies', async () => {
      const lines = await createSuperadmin(database, {
        email: 'Root@Example.com',
        password: 'Str0ngPassword',
      });
      expect(lines).toEqual(['Created superadmin root@example.com.']);
      const row = await find('root@example.com');
      expect(row).toMatchObject({
        role: 'superadmin',
        status: 'active',
        firstName: 'Super',
        lastName: 'Admin',
      });
      expect(row?.confirmedAt).toBeInstanceOf(Date);
      expect(await new Argon2PasswordHasher().verify(row?.passwordHash ?? '', 'Str0ngPassword')).toBe(true);
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.userId, row?.id ?? ''));
      expect(audits.map((a) => a.operation)).toEqual([AUDIT_OPERATIONS.roleChange]);
    });

    it('needs a password for a new account', async () => {
      await expect(createSuperadmin(database, { email: 'new@example.com' })).rejects.toThrow(
        '--password is required to create a new account.',
      );
      expect(await find('new@example.com')).toBeUndefined();
    });

    it('promotes an existing account, confirms it, sets the password and ends its sessions', async () => {
      const [user] = await database.db
        .insert(users)
        .values({ email: 'ann@example.com', passwordHash: 'x', firstName: 'Ann', lastName: 'Lee' })
        .returning();
      if (!user) throw new Error('no user');
      await database.db.insert(refreshTokens).values({
        userId: user.id,
        familyId: user.id,
        tokenHash: 'h',
        expiresAt: new Date(Date.now() + 60_000),
      });
      const lines = await createSuperadmin(database, { email: 'ann@example.com', password: 'N3wPassword' });
      expect(lines).toEqual([
        'Promoted ann@example.com from user to superadmin.',
        'Confirmed the account.',
        'Set the new password and ended existing sessions.',
      ]);
      const row = await find('ann@example.com');
      expect(row).toMatchObject({ role: 'superadmin', status: 'active', firstName: 'Ann' });
      expect(await new Argon2PasswordHasher().verify(row?.passwordHash ?? '', 'N3wPassword')).toBe(true);
      const [token] = await database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      expect(token?.revokedAt).toBeInstanceOf(Date);
    });

    it('says so when there is nothing to do, and warns about a disabled account', async () => {
      await database.db.update(users).set({ status: 'disabled' }).where(eq(users.email, 'root@example.com'));
      const lines = await createSuperadmin(database, { email: 'root@example.com' });
      expect(lines[0]).toBe('root@example.com is already a superadmin.');
      expect(lines[1]).toMatch(/disabled/);
    });

    it('leaves the database untouched on bad input', async () => {
      await expect(
        createSuperadmin(database, { email: 'ann@example.com', password: 'weak' }),
      ).rejects.toThrow(CliError);
      expect(
        await new Argon2PasswordHasher().verify(
          (await find('ann@example.com'))?.passwordHash ?? '',
          'N3wPassword',
        ),
      ).toBe(true);
    });
  });
});
