import { createWriteStream, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import type { Database } from '../../db/client';
import type { StorageDriver } from '../../storage/storage-driver';
import { CliError } from '../superadmin';
import { BackupRepository } from './backup.repository';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupManifest,
  buildMigrations,
  FILE_PREFIX,
  ROWS_PER_PAGE,
  tableEntry,
} from './backup-format';

export interface BackupSources {
  database: Database;
  storage: StorageDriver;
  dataDir: string;
  migrationsDir: string;
}

/**
 * Writes a backup of the database and the file bytes to `file` (written aside, renamed when
 * complete, mode 0600: it holds every account and, when generated, the secrets).
 *
 * Consistent: every table is read in one REPEATABLE READ, read-only transaction, so the rows are
 * one moment's, and the files archived are exactly the blobs that moment's rows name. Stored
 * objects are never rewritten under a key, and a blob deleted meanwhile keeps its bytes for
 * STORAGE_GC_GRACE_SECONDS, so they are still there to read.
 */
export async function createBackup(src: BackupSources, file: string): Promise<string[]> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new CliError(`${target} already exists; choose another name.`);
  const partial = `${target}.partial`;
  const archive = tarPack();
  const written = pipeline(archive, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {});
  try {
    const manifest = await src.database.db.transaction(
      async (tx) => {
        const repo = new BackupRepository(tx as never);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          engine: src.database.driver,
          migrations: buildMigrations(src.migrationsDir),
          storageBackend: src.storage.backend,
        };
        await entry(archive, 'header.json', Buffer.from(JSON.stringify(header, null, 2)));
        const secrets = path.join(src.dataDir, 'secrets.json');
        if (existsSync(secrets)) await entry(archive, 'secrets.json', readFileSync(secrets));
        const m: BackupManifest = { tables: {}, files: 0, fileBytes: 0 };
        for (const name of await repo.tables()) m.tables[name] = await dumpTable(repo, archive, name);
        for (const blob of await repo.blobs(src.storage.backend)) {
          const body = await src.storage.get(blob.key);
          // Done when the pack says the entry is in (its callback), not when the writable finished.
          let entered!: Promise<void>;
          const sink = await new Promise<ReturnType<typeof archive.entry>>((ready) => {
            entered = new Promise<void>((resolve, reject) => {
              ready(
                archive.entry({ name: `${FILE_PREFIX}${blob.key}`, size: blob.size, mode: 0o600 }, (err) =>
                  err ? reject(err) : resolve(),
                ),
              );
            });
          });
          await Promise.all([pipeline(body, sink), entered]);
          m.files++;
          m.fileBytes += blob.size;
        }
        return m;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await entry(archive, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    archive.finalize();
    await written;
    renameSync(partial, target);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    return [
      `Backup written to ${target}.`,
      `  ${Object.keys(manifest.tables).length} tables, ${rows} rows; ${manifest.files} files, ${manifest.fileBytes} bytes.`,
    ];
  } catch (err) {
    archive.destroy(err as Error);
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw err;
  }
}

async function dumpTable(repo: BackupRepository, archive: ReturnType<typeof tarPack>, name: string) {
  let after = '(0,0)';
  let total = 0;
  for (let page = 0; ; page++) {
    const rows = await repo.page(name, after, ROWS_PER_PAGE);
    if (rows.length === 0) break;
    await entry(archive, tableEntry(name, page), Buffer.from(`${rows.map((r) => r.json).join('\n')}\n`));
    total += rows.length;
    after = rows[rows.length - 1]?.ctid ?? after;
    if (rows.length < ROWS_PER_PAGE) break;
  }
  return total;
}

/** One small entry (a page of rows at most). */
function entry(archive: ReturnType<typeof tarPack>, name: string, data: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    archive.entry({ name, size: data.length, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())),
  );
}
