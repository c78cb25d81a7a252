import type { Database } from '../db/client';
import type { OperatorHandler, OperatorRequest } from './operator-channel';
import { CliError, createSuperadmin } from './superadmin';

/**
 * Carries out one operator command on an opened database: the CLI's own connection, or the
 * running server's when the request came through its operator channel. Returns what it did.
 */
export async function runOperatorCommand(
  database: Database,
  migrationsDir: string,
  request: OperatorRequest,
): Promise<string[]> {
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
    default:
      throw new CliError(`Unknown command "${String((request as { command?: unknown }).command)}".`);
  }
}

function text(value: unknown, option: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new CliError(`--${option} must be text.`);
}

/** The server side of the channel: runs each request on the server's database. */
export function operatorHandler(
  database: Database,
  migrationsDir: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): OperatorHandler {
  return async (request) => {
    try {
      const lines = await runOperatorCommand(database, migrationsDir, request);
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
