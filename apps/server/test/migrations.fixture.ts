import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsDir } from './pglite-template.global';

/**
 * The migrations folder as it stood before `tag` (a copy of the files and a journal that ends
 * before it), to migrate a database up to there, fill it, and then run the migration under test.
 * The caller removes the folder.
 */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stratos-migrations-'));
  cpSync(migrationsDir, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
