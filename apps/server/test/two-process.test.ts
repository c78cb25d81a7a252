import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, listFiles, sha256, signIn } from './live-server.fixture';
import { type RoundRobinProxy, roundRobin } from './round-robin-proxy';
import { startTestS3, type TestS3Server } from './s3-server.fixture';
import { type RunningServer, runCli, startServer } from './server-process';

const baseUrl = process.env.TEST_DATABASE_URL;

/**
 * Two real server processes on one PostgreSQL database and one S3-protocol store, behind a load
 * balancer: what a user does works whichever process each request reaches.
 */
describe.runIf(Boolean(baseUrl))('two server processes behind a load balancer (PostgreSQL, S3)', () => {
  const dbName = `stratos_two_${randomBytes(4).toString('hex')}`;
  const dirs = [
    mkdtempSync(path.join(tmpdir(), 'stratos-two-a-')),
    mkdtempSync(path.join(tmpdir(), 'stratos-two-b-')),
  ];
  let s3: TestS3Server;
  let servers: RunningServer[] = [];
  let proxy: RoundRobinProxy;
  let env: Record<string, string>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(baseUrl as string);
    url.pathname = `/${dbName}`;
    s3 = await startTestS3('standin');
    env = {
      ...s3.env,
      DATABASE_URL: url.href,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    servers = await Promise.all(dirs.map((dir) => startServer(env, dir)));
    proxy = await roundRobin(servers.map((s) => s.url));
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in, uploads, lists and downloads through the balancer, and live events cross over', async () => {
    runCli(['create-superadmin', '--email', 'two@example.com', '--password', 'Str0ngPassword'], env);
    const token = await signIn(proxy.url, 'two@example.com', 'Str0ngPassword');

    // Strict round robin: sign-in went to the first process, this stream goes to the second, and
    // the upload below to the first again, so the event must cross between processes.
    const events: string[] = [];
    const stream = http.get(`${proxy.url}/api/events`, {
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    const opened = new Promise<void>((resolve) =>
      stream.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          events.push(chunk);
          resolve();
        });
      }),
    );
    await opened;

    const data = randomBytes(700_000);
    const form = new FormData();
    form.append('file', new Blob([data]), 'shared.bin');
    const uploaded = await fetch(`${proxy.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const deadline = Date.now() + 5_000;
    while (!events.join('').includes('event: storage.changed') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(events.join('')).toContain('event: storage.changed');
    stream.destroy();

    for (let i = 0; i < 2; i++) {
      const [file] = await listFiles(proxy.url, token);
      expect(file?.name).toBe('shared.bin');
      expect(sha256(await downloadFile(proxy.url, token, file?.id ?? ''))).toBe(sha256(data));
    }
    // Both processes answered a share of the requests.
    expect(proxy.served.every((n) => n >= 3)).toBe(true);
  }, 120_000);
});
