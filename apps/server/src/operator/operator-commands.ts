import path from 'node:path';
import type { Database } from '../db/client';
import type { SeedingService } from '../modules/ai/seeding/seeding.service';
import type { StorageDriver } from '../storage/storage-driver';
import { createBackup } from './backup/create-backup';
import { restoreBackup } from './backup/restore-backup';
import type { OperatorHandler, OperatorProgress, OperatorRequest } from './operator-channel';
import { runSeedCommand } from './seed-command';
import { CliError, createSuperadmin } from './superadmin';

/** What an operator command works on: the CLI's own connection, or the running server's. */
export interface OperatorTarget {
  database: Database;
  migrationsDir: string;
  storage: StorageDriver;
  dataDir: string;
  /** True when a running server carries the command out (a restore then is refused). */
  viaServer?: boolean;
  /** The running server's seeding tool (so its progress stream sees a seed started here). */
  seeding?: SeedingService;
}

/**
 * Carries out one operator command on an opened database: the CLI's own connection, or the
 * running server's when the request came through its operator channel. Returns what it did.
 */
export async function runOperatorCommand(
  target: OperatorTarget,
  request: OperatorRequest,
  progress?: OperatorProgress,
): Promise<string[]> {
  const { database, migrationsDir } = target;
  switch (request.command) {
    case 'migrate':
      await database.migrate(migrationsDir);
      return ['Migrations applied.'];
    case 'create-superadmin':
      return createSuperadmin(database, {
        email: text(request.email, 'email') ?? '',
        password: text(request.password, 'password'),
        firstName: text(request.firstName, 'first-name'),
        lastName: text(request.lastName, 'last-name'),
      });
    case 'backup':
      return createBackup(target, absolute(request.file));
    case 'restore':
      if (target.viaServer) {
        throw new CliError(
          'A server is running on this data directory: stop it, then restore into a fresh one.',
        );
      }
      return restoreBackup(target, absolute(request.file));
    case 'seed':
      return runSeedCommand(target, request, progress);
    default:
      throw new CliError(`Unknown command "${String((request as { command?: unknown }).command)}".`);
  }
}

function text(value: unknown, option: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new CliError(`--${option} must be text.`);
}

function absolute(file: unknown): string {
  if (typeof file !== 'string' || !path.isAbsolute(file))
    throw new CliError('The file must be an absolute path.');
  return file;
}

/** The server side of the channel: runs each request on the server's database. */
export function operatorHandler(
  target: Omit<OperatorTarget, 'viaServer'>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): OperatorHandler {
  return async (request, progress) => {
    try {
      const lines = await runOperatorCommand({ ...target, viaServer: true }, request, progress);
      log.info({ command: request.command }, 'operator command carried out');
      return { ok: true, lines };
    } catch (err) {
      if (err instanceof CliError) return { ok: false, error: err.message, operatorError: true };
      log.error({ err, command: request.command }, 'operator command failed');
      return {
        ok: false,
        error: 'The server could not carry out the command; see its log.',
        operatorError: false,
      };
    }
  };
}
