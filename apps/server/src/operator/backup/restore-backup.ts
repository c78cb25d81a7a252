import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import type { Database } from '../../db/client';
import { isValidKey, type StorageDriver } from '../../storage/storage-driver';
import { CliError } from '../superadmin';
import { BackupRepository } from './backup.repository';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupManifest,
  buildMigrations,
  FILE_PREFIX,
  TABLE_ENTRY,
} from './backup-format';

export interface RestoreTarget {
  /** Opened and migrated to this build's level. */
  database: Database;
  storage: StorageDriver;
  dataDir: string;
  migrationsDir: string;
}

/**
 * Restores a backup into a fresh installation: a database that has no account yet (PGlite in a
 * new DATA_DIR, or an empty PostgreSQL database) and its file store. All rows go in one
 * transaction, with triggers and foreign-key checks off while they load; file bytes are written
 * while it is open, and the transaction commits only when the archive ended with its manifest
 * and every count matched. A failure leaves the database as it was (files already written are
 * unreferenced objects, which the storage collector removes).
 */
export async function restoreBackup(target: RestoreTarget, file: string): Promise<string[]> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new CliError(`${source} does not exist.`);
  const probe = new BackupRepository(target.database.db);
  if ((await probe.rowCount('users')) > 0) {
    throw new CliError(
      'The database already has accounts. Restore into a fresh data directory (a new DATA_DIR) or an empty PostgreSQL database.',
    );
  }
  let secrets: Buffer | null = null;
  const manifest = await target.database.db.transaction(async (tx) => {
    const repo = new BackupRepository(tx as never);
    const seen: BackupManifest = { tables: {}, files: 0, fileBytes: 0 };
    let header: BackupHeader | null = null;
    let expected: BackupManifest | null = null;
    let tables: string[] = [];
    // Started here, with no await before the loop takes its iterator: the extractor hands out
    // entries as events, and one emitted before anyone iterates is lost (the restore then waits).
    const input = tarExtract();
    // pipeline, not pipe(): a damaged gzip stream must fail the restore, not leave it waiting.
    pipeline(createReadStream(source), createGunzip(), input).catch((err) => input.destroy(err));
    for await (const item of input) {
      const name = item.header.name;
      if (!header) {
        if (name !== 'header.json') throw new CliError(`${source} is not a Stratos backup.`);
        header = checkHeader(JSON.parse(await text(item)), target);
        tables = await repo.tables();
        await repo.replicaMode();
        await repo.truncate(tables);
        continue;
      }
      const table = TABLE_ENTRY.exec(name)?.[1];
      if (name === 'secrets.json') {
        secrets = await buffer(item);
      } else if (table) {
        if (!tables.includes(table)) throw new CliError(`The backup has a table this build lacks: ${table}.`);
        const rows = (await text(item)).split('\n').filter(Boolean);
        await repo.insertJson(table, rows);
        seen.tables[table] = (seen.tables[table] ?? 0) + rows.length;
      } else if (name.startsWith(FILE_PREFIX)) {
        const key = name.slice(FILE_PREFIX.length);
        if (!isValidKey(key)) throw new CliError(`The backup holds a file under an invalid key: ${key}`);
        const tempKey = `restore_${randomUUID()}`;
        const stored = await store(target.storage, tempKey, item);
        await target.storage.commit(tempKey, key);
        seen.files++;
        seen.fileBytes += stored.size;
      } else if (name === 'manifest.json') {
        expected = JSON.parse(await text(item)) as BackupManifest;
      } else {
        throw new CliError(`Unexpected entry in the backup: ${name}`);
      }
    }
    if (!header) throw new CliError(`${source} is empty.`);
    if (!expected)
      throw new CliError(`${source} is cut short (no manifest at its end); nothing was restored.`);
    compare(expected, seen);
    for (const t of tables) await repo.resetSequences(t);
    return seen;
  });
  // After the commit: a failed restore leaves no secrets behind either.
  const secretsWritten = secrets ? writeSecrets(target.dataDir, secrets) : false;
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return [
    `Restored ${source}.`,
    `  ${rows} rows in ${Object.keys(manifest.tables).length} tables; ${manifest.files} files, ${manifest.fileBytes} bytes.`,
    ...(secretsWritten ? [`  Secrets written to ${path.join(target.dataDir, 'secrets.json')}.`] : []),
  ];
}

function checkHeader(header: BackupHeader, target: RestoreTarget): BackupHeader {
  if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) {
    throw new CliError(`Unsupported backup format ${header.format} version ${header.version}.`);
  }
  const ours = buildMigrations(target.migrationsDir);
  if (header.migrations.length !== ours.length || header.migrations.some((m, i) => m !== ours[i])) {
    throw new CliError(
      `The backup was taken at migration ${header.migrations.length} and this build is at ${ours.length}: restore it with the version that wrote it, then upgrade.`,
    );
  }
  if (header.storageBackend !== target.storage.backend) {
    throw new CliError(
      `The backup's files come from the ${header.storageBackend} store and STORAGE_DRIVER is ${target.storage.backend}.`,
    );
  }
  return header;
}

/**
 * The generated secrets sign sessions and unlock stored provider keys: a fresh DATA_DIR takes
 * the backup's, unless it already has its own (then they stay, and say so).
 */
function writeSecrets(dataDir: string, data: Buffer): boolean {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return false;
  writeFileSync(file, data, { mode: 0o600, flag: 'wx' });
  return true;
}

function compare(expected: BackupManifest, seen: BackupManifest): void {
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(seen.tables)]);
  for (const t of names) {
    if ((expected.tables[t] ?? 0) !== (seen.tables[t] ?? 0)) {
      throw new CliError(
        `Table ${t}: the backup lists ${expected.tables[t] ?? 0} rows, ${seen.tables[t] ?? 0} were read.`,
      );
    }
  }
  if (expected.files !== seen.files || expected.fileBytes !== seen.fileBytes) {
    throw new CliError(
      `The backup lists ${expected.files} files (${expected.fileBytes} bytes); ${seen.files} (${seen.fileBytes} bytes) were read.`,
    );
  }
}

/**
 * Streams one archive entry into the store. The entry is read to its end by this loop (wrapping
 * it in Readable.from let the store's pipeline close it early, which now and then left the
 * extractor waiting for an entry that would never finish).
 */
async function store(storage: StorageDriver, tempKey: string, entry: AsyncIterable<unknown>) {
  const pass = new PassThrough({ highWaterMark: 1024 * 1024 });
  const storing = storage.putTemp(tempKey, pass);
  let failed: unknown = null;
  storing.catch((err) => {
    failed = err;
    pass.destroy();
  });
  for await (const chunk of entry) {
    if (failed) throw failed;
    if (!pass.write(chunk as Buffer)) await Promise.race([once(pass, 'drain'), storing]);
  }
  pass.end();
  return storing;
}

async function buffer(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const text = async (stream: AsyncIterable<unknown>) => (await buffer(stream)).toString('utf8');
