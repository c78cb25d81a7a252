import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';

const require = createRequire(import.meta.url);

/**
 * The real app on PGlite in a temp directory (or PostgreSQL with BENCH_DATABASE_URL, in a schema of
 * its own that `close()` drops, so a run leaves no rows behind), listening.
 */
export async function startBenchApp(
  env: Record<string, string> = {},
): Promise<{ app: App; url: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const schemaName = config.databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${dataDir}/pglite`, schemaName });
  await database.migrate(config.migrationsDir);
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    // The app first: its job scheduler releases its leases in that schema as it stops.
    await app.close();
    if (schemaName) await database.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
  };
  return { app, url, close };
}

export async function createActiveUser(app: App, password = `Bench${randomBytes(4).toString('hex')}1`) {
  const users = new UsersRepository(app.ctx.database.db);
  const email = `bench-${randomBytes(6).toString('hex')}@stratos.test`;
  const row = await users.insert({
    email,
    passwordHash: await hash(password),
    firstName: 'Bench',
    lastName: 'User',
    status: 'active',
    confirmedAt: new Date(),
  });
  const token = await app.ctx.tokens.signAccess({
    id: row.id,
    email: row.email,
    name: 'Bench User',
    role: 'user',
    permissions: ['storage:read', 'storage:write', 'ai:read', 'ai:use'],
    tokenVersion: row.tokenVersion,
  });
  return { row, email, password, token };
}

/** Runs autocannon in its own process so the load generator does not share the server's thread. */
export function autocannon(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string>; post?: string },
) {
  const bin = require.resolve('autocannon/autocannon.js');
  const args = [bin, '-c', String(opts.connections), '-d', String(opts.seconds), '-j'];
  // A POST sends `post` as its JSON body.
  if (opts.post !== undefined)
    args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', opts.post);
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<{ requestsPerSec: number; non2xx: number; p50: number }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const r = JSON.parse(out);
        resolve({ requestsPerSec: r.requests.average, non2xx: r.non2xx, p50: r.latency.p50 });
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** Runs `node <args>` and parses what it prints as JSON; `what` names it in the error when it fails. */
export function jsonFromNode<T>(args: string[], what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`${what} exited with ${code}`);
        resolve(JSON.parse(out) as T);
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** A request the sampler times: to the end of the reply, or until what arrived matches `until` (a regular expression). */
export interface SampleTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
  until?: string;
  flags?: string;
}

/**
 * Times `samples` rounds of requests to each target in turn (alternating, so a noisy moment hurts
 * every side alike), from a client process of its own: a client sharing the server's thread would
 * only see a streamed token once the server has finished its turn of the event loop. Every reply
 * is read to its end and must be a 200. Returns each target's times in milliseconds.
 */
export function sampleLatencies(targets: SampleTarget[], samples: number, warmup = 10): Promise<number[][]> {
  const client = `
    const { targets, samples, warmup } = JSON.parse(process.argv[1]);
    const once = async (t) => {
      const started = performance.now();
      const res = await fetch(t.url, { method: 'POST', headers: t.headers, body: t.body });
      const decoder = new TextDecoder();
      let text = '';
      let at = t.until ? null : 0;
      for await (const chunk of res.body) {
        text += decoder.decode(chunk, { stream: true });
        if (at === null && new RegExp(t.until, t.flags).test(text)) at = performance.now() - started;
      }
      if (!t.until) at = performance.now() - started;
      if (res.status !== 200 || at === null || text.includes('event: error')) {
        throw new Error(t.url + ' answered ' + res.status + ': ' + text.slice(0, 300));
      }
      return at;
    };
    for (let i = 0; i < warmup; i++) for (const t of targets) await once(t);
    const times = targets.map(() => []);
    for (let i = 0; i < samples; i++) for (const [n, t] of targets.entries()) times[n].push(await once(t));
    process.stdout.write(JSON.stringify(times));
  `;
  const args = ['--input-type=module', '-e', client, JSON.stringify({ targets, samples, warmup })];
  return jsonFromNode<number[][]>(args, 'sampling client');
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}
