import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError, type DataDirRoute, reachDataDir } from './operator/data-dir-lock';
import {
  type OperatorProgress,
  type OperatorRequest,
  sendOperatorRequest,
} from './operator/operator-channel';
import { runOperatorCommand } from './operator/operator-commands';
import { seedProgressBar } from './operator/seed-progress-bar';
import { CliError, checkSuperadminInput } from './operator/superadmin';
import { createStorageDriver } from './storage/storage-factory';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                       Apply database migrations and exit.
  create-superadmin             Create an active superadmin, or promote an existing account.
      --email <address>         Defaults to SUPERADMIN_EMAIL.
      --password <password>     Required for a new account; sets the password of an existing one.
      --first-name <name>       For a new account (default "Super").
      --last-name <name>        For a new account (default "Admin").
  backup <file>                 Write the database and every stored file to <file> (a .tar.gz),
                                consistently, while the server runs or not. Holds the generated
                                secrets too: keep it private.
  restore <file>                Load a backup into a fresh installation: a new DATA_DIR (or an
                                empty DATABASE_URL database) and its file store. Stop the server first.
  seed                          Fill the eight AI tables with the deterministic synthetic data
                                (90,000 records), showing a progress bar; records already there
                                are kept. One seed at a time, even across servers.
      --smart                   The same, reported as inserted and skipped (the default).
      --real                    The same, reported as the records now present.
      --check                   Only count the records of each table and the pending embeddings.
      --clear                   Delete every record of the eight tables (needs --yes).
      --yes                     Confirms --clear.
      --scale <fraction>        Seed this fraction of every target (0.01 to 1; default 1).

The database is the server's: DATABASE_URL, else PGlite under DATA_DIR (default ./data, relative to
the directory you ran npm in). The server may be running or stopped: PGlite lets one process open
its database, so a running server carries out the command itself, through a socket in DATA_DIR
that only your user can reach; when it is stopped, the command opens the database directly.`;

export type CliCommand =
  | { name: 'help' }
  | { name: 'migrate' }
  | { name: 'create-superadmin'; email?: string; password?: string; firstName?: string; lastName?: string }
  | { name: 'backup' | 'restore'; file: string }
  | { name: 'seed'; action: 'smart' | 'real' | 'check' | 'clear'; scale?: number };

export function parseCommand(argv: string[]): CliCommand {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  try {
    if (name === 'migrate') {
      parseArgs({ args: rest, options: {}, strict: true, allowPositionals: false });
      return { name };
    }
    if (name === 'backup' || name === 'restore') {
      const { positionals } = parseArgs({ args: rest, options: {}, strict: true, allowPositionals: true });
      if (positionals.length !== 1)
        throw new CliError(`${name} takes one argument: the archive's file name.`);
      return { name, file: positionals[0] as string };
    }
    if (name === 'seed') return parseSeed(rest);
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

function parseSeed(args: string[]): CliCommand {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      smart: { type: 'boolean' },
      real: { type: 'boolean' },
      check: { type: 'boolean' },
      clear: { type: 'boolean' },
      yes: { type: 'boolean' },
      scale: { type: 'string' },
    },
  });
  const actions = (['smart', 'real', 'check', 'clear'] as const).filter((a) => values[a]);
  if (actions.length > 1) throw new CliError(`Choose one of --${actions.join(', --')}.`);
  const action = actions[0] ?? 'smart';
  if (action === 'clear' && !values.yes) {
    throw new CliError('--clear deletes every record of the eight AI tables: add --yes to confirm.');
  }
  if (values.scale !== undefined && (action === 'check' || action === 'clear')) {
    throw new CliError(`--scale goes with a seed, not with --${action}.`);
  }
  const scale = values.scale === undefined ? undefined : Number(values.scale);
  if (scale !== undefined && !(scale >= 0.01 && scale <= 1)) {
    throw new CliError('--scale must be a number from 0.01 to 1.');
  }
  return scale === undefined ? { name: 'seed', action } : { name: 'seed', action, scale };
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

async function main(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  if (command.name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(cliEnv(process.env));
  let request: OperatorRequest = { command: 'migrate' };
  if (command.name === 'backup' || command.name === 'restore') {
    // Relative to where the command was typed, as DATA_DIR is.
    request = {
      command: command.name,
      file: path.resolve(process.env.INIT_CWD ?? process.cwd(), command.file),
    };
  }
  if (command.name === 'create-superadmin') {
    const email = command.email ?? config.superadminEmail;
    if (!email) throw new CliError('--email is required (or set SUPERADMIN_EMAIL).');
    request = { ...checkSuperadminInput({ ...command, email }), command: 'create-superadmin' };
  }
  if (command.name === 'seed') {
    request = { command: 'seed', action: command.action, scale: command.scale };
  }
  const bar = request.command === 'seed' ? seedProgressBar() : null;
  try {
    const { lines, where } = await carryOut(config, request, bar?.update);
    bar?.stop();
    console.log([...lines, where].join('\n'));
  } finally {
    bar?.stop();
  }
  return 0;
}

/** Runs the command where the database can be reached: directly, or by the running PGlite server. */
export async function carryOut(
  config: AppConfig,
  request: OperatorRequest,
  progress?: OperatorProgress,
): Promise<{ lines: string[]; where: string }> {
  if (config.databaseUrl) {
    const lines = await runHere(config, request, progress);
    return { lines, where: 'Database: PostgreSQL (DATABASE_URL).' };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const pglite = `PGlite in ${config.dataDir}/pglite`;
  const route: DataDirRoute = await reachDataDir(config.dataDir);
  if (route.kind === 'server') {
    // A backup of many files takes as long as reading them: no short timeout for it.
    const long = request.command === 'backup' || request.command === 'seed';
    const timeoutMs = long ? 24 * 3600_000 : 60_000;
    const reply = await sendOperatorRequest(route.socket, request, timeoutMs, progress);
    if (!reply.ok) throw reply.operatorError ? new CliError(reply.error) : new Error(reply.error);
    return {
      lines: reply.lines,
      where: `Database: ${pglite}, through the running server (pid ${route.pid}).`,
    };
  }
  const { lock } = route;
  try {
    const stale = lock.replacedStale
      ? [`Note: removed the lock of a server that is no longer running (pid ${lock.replacedStale.pid}).`]
      : [];
    const lines = await runHere(config, request, progress);
    return { lines: [...stale, ...lines], where: `Database: ${pglite}.` };
  } finally {
    lock.release();
  }
}

async function runHere(
  config: AppConfig,
  request: OperatorRequest,
  progress?: OperatorProgress,
): Promise<string[]> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  try {
    // Every command may be the first thing run on a fresh machine, so the tables must exist.
    if (request.command !== 'migrate') await database.migrate(config.migrationsDir);
    const storage = createStorageDriver(config.storage);
    return await runOperatorCommand(
      { database, storage, migrationsDir: config.migrationsDir, dataDir: config.dataDir },
      request,
      progress,
    );
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
      if (err instanceof CliError || err instanceof ConfigError || err instanceof DataDirBusyError) {
        console.error(`Error: ${err.message}`);
        if (err instanceof CliError) console.error('\nRun `npm run cli -- help` for usage.');
        process.exit(2);
      }
      console.error(err);
      process.exit(1);
    },
  );
}
