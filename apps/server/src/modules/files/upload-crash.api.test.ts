import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../../test/pglite-template.global';
import { testDbKind } from '../../../test/test-app';
import { eventually, multipart } from '../../../test/upload.fixture';
import { type Database, openDatabase } from '../../db/client';
import { UsersRepository } from '../users/users.repository';

const MiB = 1024 * 1024;
const QUOTA = 8 * MiB;
const serverRoot = path.resolve(import.meta.dirname, '../../..');

interface Child {
  url: string;
  process: ChildProcess;
}

/** The real app (test/child-server.ts) in a process of its own. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/child-server.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start:\n${output}`)), 60_000);
    const read = (d: Buffer) => {
      output += d.toString();
      const m = /LISTENING (\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}):\n${output}`));
    });
  });
  return { url, process: child };
}

async function kill(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((r) => child.process.once('exit', r));
  child.process.kill(signal);
  await exited;
}

/** An upload whose body stops after `sent` of `total` file bytes, the connection left open. */
function stalledUpload(url: string, token: string, total: number, sent: number) {
  const form = multipart([{ name: 'file', data: randomBytes(total), filename: 'big.bin' }]);
  const req = http.request(`${url}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...form.headers, 'content-length': form.body.length },
  });
  req.on('error', () => {});
  const fileStart = form.body.indexOf(Buffer.from('\r\n\r\n')) + 4;
  req.write(form.body.subarray(0, fileStart + sent));
  return req;
}

async function uploadWhole(url: string, token: string, size: number) {
  const form = multipart([{ name: 'file', data: randomBytes(size), filename: 'after.bin' }]);
  const res = await fetch(`${url}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    body: form.body,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}

function tus(url: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  return {
    create: (size: number) =>
      fetch(`${url}/api/files/tus`, {
        method: 'POST',
        headers: { ...headers, 'upload-length': String(size), 'upload-metadata': 'filename YS5iaW4=' },
      }),
    patch: (location: string, offset: number, body: Buffer) =>
      fetch(`${url}${location}`, {
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      }),
    head: (location: string) => fetch(`${url}${location}`, { method: 'HEAD', headers }),
  };
}

describe('a process killed (SIGKILL) in the middle of uploads', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-crash-'));
  const tempDir = path.join(dataDir, 'blobs', 'tmp');
  const schema = `t_crash_${randomBytes(6).toString('hex')}`;
  const email = `crash-${randomBytes(4).toString('hex')}@example.test`;
  const password = `Crash${randomBytes(6).toString('hex')}1`;
  let pgDatabase: Database | undefined;
  let child: Child | undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    JOBS_ENABLED: 'false',
    MAX_UPLOAD_BYTES: String(64 * MiB),
    ...(testDbKind === 'postgres'
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', CHILD_DB_SCHEMA: schema }
      : {}),
  };

  beforeAll(async () => {
    // The account and its 8 MiB quota, written before the server owns the database.
    const database =
      testDbKind === 'postgres'
        ? await openDatabase({ url: process.env.TEST_DATABASE_URL, schemaName: schema, poolSize: 2 })
        : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await database.migrate(migrationsDir);
    await new UsersRepository(database.db).insert({
      email,
      passwordHash: await hash(password),
      firstName: 'Crash',
      lastName: 'Test',
      status: 'active',
      confirmedAt: new Date(),
    });
    await database.db.execute(sql`update plans set storage_bytes = ${QUOTA} where id = 'free'`);
    if (testDbKind === 'postgres') pgDatabase = database;
    else await database.close();
  }, 120_000);

  afterAll(async () => {
    if (child) await kill(child, 'SIGKILL');
    if (pgDatabase) {
      await pgDatabase.db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
      await pgDatabase.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the next start removes the temporary file and frees the quota at once; the resumable upload keeps its bytes', async () => {
    child = await startChild(env);
    const login = await fetch(`${child.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { token } = (await login.json()) as { token: string };

    // A resumable upload of 1.5 MiB, a third of it sent, and a 6 MiB multipart upload in flight.
    const resumable = tus(child.url, token);
    const created = await resumable.create(1.5 * MiB);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect((await resumable.patch(location, 0, randomBytes(0.5 * MiB))).status).toBe(204);
    const stalled = stalledUpload(child.url, token, 6 * MiB, MiB);
    await eventually(async () => {
      const names = readdirSync(tempDir);
      expect(names).toHaveLength(1);
      expect(statSync(path.join(tempDir, names[0] as string)).size).toBeGreaterThan(0);
    });
    // Both hold their quota: 7.5 of 8 MiB.
    const blocked = await uploadWhole(child.url, token, 2 * MiB);
    expect(blocked.status).toBe(413);
    expect(blocked.body.error?.code).toBe('QUOTA_EXCEEDED');

    await kill(child, 'SIGKILL');
    stalled.destroy();
    const [leftover] = readdirSync(tempDir);
    expect(leftover).toBeDefined();

    child = await startChild(env);
    // At once, not after the reservations' hour: 7 MiB fits only if neither upload holds quota.
    const after = await uploadWhole(child.url, token, 7 * MiB);
    expect(after.status).toBe(201);
    await eventually(async () => expect(readdirSync(tempDir)).toEqual([]));
    // The resumable upload's bytes wait for its client, who can still finish it if room allows.
    const head = await tus(child.url, token).head(location);
    expect(head.headers.get('upload-offset')).toBe(String(0.5 * MiB));
  }, 180_000);
});
