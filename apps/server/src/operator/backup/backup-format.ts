import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A Stratos backup is one gzipped tar:
 *
 *   header.json                  format, version, engine, the migrations the database had
 *   secrets.json                 DATA_DIR's generated secrets, when there are any
 *   database/<table>/<n>.jsonl   the table's rows, one JSON object a line, in pages
 *   files/<storage key>          the bytes of every stored blob
 *   manifest.json                what the archive holds (rows per table, files, bytes): checked on restore
 *
 * Header first so a restore refuses a wrong archive before it writes anything; manifest last
 * because counts are known only at the end, and a cut archive then lacks it.
 */
export const BACKUP_FORMAT = 'stratos-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** Journal times of the migrations applied, in order: a restore needs the same. */
  migrations: number[];
  storageBackend: string;
}

export interface BackupManifest {
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
}

export const ROWS_PER_PAGE = 1000;

export const tableEntry = (table: string, page: number) =>
  `database/${table}/${String(page).padStart(6, '0')}.jsonl`;
export const TABLE_ENTRY = /^database\/([a-z_][a-z0-9_]*)\/\d+\.jsonl$/;
export const FILE_PREFIX = 'files/';

/** This build's migrations (drizzle's journal times). */
export function buildMigrations(migrationsDir: string): number[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}
