import { decideAccess, ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { KNOWLEDGE_DATA_ERRORS } from '@stratos/contracts/ai/knowledge-data.schema';
import { AppError } from '../../../lib/app-error';
import { pgErrorOf } from '../../../lib/pg-error';
import type { AuthUser } from '../../../plugins/auth-guard';
import { zodIssuesReply } from '../../../plugins/input-guard/validation-message';

/** Who calls the AI data calls: the signed-in user as the guard saw them. */
export type DataActor = Pick<AuthUser, 'id' | 'email' | 'role' | 'permissions'>;

/** The superadmin, by the same rule as every superadmin route (the one access function). */
export const isSuperadmin = (actor: DataActor) => decideAccess(actor, ROUTE_GROUPS.superadmin).allowed;

/** The specification's 403 for a refused database call. */
export const databaseAccessRefused = () =>
  new AppError(403, 'INSUFFICIENT_PERMISSIONS', KNOWLEDGE_DATA_ERRORS.DATABASE_ACCESS);

/** A record that failed its table's schema: the usual validation 400, naming `record.field`. */
export function invalidRecord(
  issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }>,
  prefix: Array<string | number>,
): AppError {
  const { message, details } = zodIssuesReply(issues, prefix);
  return new AppError(400, 'VALIDATION_ERROR', message, details);
}

/** `Key (col)=(value) ...` of a PostgreSQL constraint error's detail. */
const KEY_DETAIL = /^Key \((.+?)\)=\((.*?)\)(?: is not present in table "(.+?)")?/;

/**
 * A write the database refused, as the client's mistake: a record naming another that does not
 * exist (404), a duplicate (409), a value the column cannot hold (400). Anything else is ours (500).
 */
export function writeRefusal(err: unknown, table: string): AppError | null {
  const pg = pgErrorOf(err);
  if (!pg) return null;
  const key = KEY_DETAIL.exec(pg.detail ?? '');
  switch (pg.code) {
    case '23503':
      return new AppError(
        404,
        'REFERENCE_NOT_FOUND',
        key
          ? `${table}.${key[1]}: no record ${key[2]} in ${key[3] ?? 'the table it names'}`
          : `${table}: a record it names does not exist`,
      );
    case '23505':
      return new AppError(
        409,
        'DUPLICATE_RECORD',
        key
          ? `${table}: a record with ${key[1]} = ${key[2]} already exists`
          : `${table}: the record already exists`,
      );
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '23502':
    case '23514':
      return new AppError(400, 'INVALID_VALUE', `${table}: ${pg.message}`);
    default:
      return null;
  }
}
