import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { emailSchema } from '@stratos/contracts/auth/email';
import { passwordProblem } from '@stratos/contracts/auth/password';
import { ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { AuditRepository } from './modules/audit/audit.repository';
import { AuditService } from './modules/audit/audit.service';
import { Argon2PasswordHasher } from './modules/auth/password-hasher.service';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository';
import { type UserPatch, UsersRepository } from './modules/users/users.repository';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                       Apply database migrations and exit.
  create-superadmin             Create an active superadmin, or promote an existing account.
      --email <address>         Defaults to SUPERADMIN_EMAIL.
      --password <password>     Required for a new account; sets the password of an existing one.
      --first-name <name>       For a new account (default "Super").
      --last-name <name>        For a new account (default "Admin").

The database is the server's: DATABASE_URL, else PGlite under DATA_DIR (default ./data, relative to
the directory you ran npm in). Stop a running PGlite server first: PGlite allows one process at a time.`;

/** Bad input from the operator: printed without a stack trace, exit code 2. */
export class CliError extends Error {}

export type CliCommand =
  | { name: 'help' }
  | { name: 'migrate' }
  | { name: 'create-superadmin'; email?: string; password?: string; firstName?: string; lastName?: string };

export function parseCommand(argv: string[]): CliCommand {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  try {
    if (name === 'migrate') {
      parseArgs({ args: rest, options: {}, strict: true, allowPositionals: false });
      return { name };
    }
    if (name === 'create-superadmin') {
      const { values } = parseArgs({
        args: rest,
        strict: true,
        allowPositionals: false,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
        },
      });
      return {
        name,
        email: values.email,
        password: values.password,
        firstName: values['first-name'],
        lastName: values['last-name'],
      };
    }
  } catch (err) {
    // parseArgs explains unknown options and missing values well; keep its words.
    throw new CliError((err as Error).message);
  }
  throw new CliError(`Unknown command "${name}".`);
}

/**
 * npm runs a workspace script inside the workspace folder (apps/server) and records where the command
 * was typed in INIT_CWD. Resolving a relative DATA_DIR against that makes `npm run cli` from the
 * repository root use the same ./data as `npm start` there.
 */
export function cliEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const dataDir = env.DATA_DIR ?? './data';
  if (!env.INIT_CWD || path.isAbsolute(dataDir)) return env;
  return { ...env, DATA_DIR: path.resolve(env.INIT_CWD, dataDir) };
}

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

async function main(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  if (command.name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(cliEnv(process.env));
  let superadmin: SuperadminInput | undefined;
  if (command.name === 'create-superadmin') {
    const email = command.email ?? config.superadminEmail;
    if (!email) throw new CliError('--email is required (or set SUPERADMIN_EMAIL).');
    superadmin = checkSuperadminInput({ ...command, email });
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  try {
    // Every command may be the first thing run on a fresh machine, so the tables must exist.
    await database.migrate(config.migrationsDir);
    if (!superadmin) {
      console.log(`Migrated ${where}.`);
      return 0;
    }
    const lines = await createSuperadmin(database, superadmin);
    console.log([...lines, `Database: ${where}.`].join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      if (err instanceof CliError || err instanceof ConfigError) {
        console.error(`Error: ${err.message}`);
        if (err instanceof CliError) console.error('\nRun `npm run cli -- help` for usage.');
        process.exit(2);
      }
      console.error(err);
      process.exit(1);
    },
  );
}
