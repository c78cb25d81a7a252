import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { LedgerRepository } from '../apps/server/src/modules/billing/ledger.repository';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';
import type { Figure } from './run';
import { createActiveUser, jsonFromNode } from './support';

const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DATABASE_URL = process.env.BENCH_CREDITS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MICROS = 1_000_000;
/** Enough for every deduction of the run: the balance never runs out. */
const START_CREDITS = 100_000_000;

/**
 * Credit deductions per second through the real API (HTTP, bearer token, POST
 * /api/billing/credits/deduct, all on one account) with 32 concurrent clients on PostgreSQL,
 * against plain `UPDATE ... SET balance = balance - 1` of one row by 32 concurrent clients through
 * the same driver: both serialise on one row lock held until commit, so the ratio is what the
 * route, the ledger row and HTTP cost on top. Every run sends a fixed number of requests, so the
 * final balance must equal the start minus what succeeded, and the ledger's sum.
 */
export async function creditsBench(): Promise<Figure[]> {
  const schemaName = `bench_credits_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  try {
    await admin.query('select 1');
  } catch (err) {
    console.log(`SKIP  credit deductions: no PostgreSQL at ${DATABASE_URL} (${(err as Error).message})`);
    await admin.end();
    return [];
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-bench-'));
  const database = await openDatabase({ url: DATABASE_URL, schemaName, poolSize: CLIENTS });
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    await database.migrate(config.migrationsDir);
    const app = await buildApp({ config, database, logger: { level: 'warn' } });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { row, token } = await createActiveUser(app);
    // A prepaid account, as the accounts that spend credits are.
    await new UsersRepository(database.db).update(row.id, { subscriptionPlan: 'prepaid' });
    const ledger = new LedgerRepository(database.db);
    await ledger.applyCredit({
      userId: row.id,
      kind: 'credit_purchase',
      micros: START_CREDITS * MICROS,
      description: 'Bench credits',
      paymentIntentId: `pi_bench_${row.id}`,
    });
    await database.db.execute(sql`create table bench_balance (id int primary key, balance bigint not null)`);
    await database.db.execute(sql`insert into bench_balance values (1, ${START_CREDITS})`);

    const baselinePool = new pg.Pool({
      connectionString: DATABASE_URL,
      max: CLIENTS,
      options: `-c search_path=${schemaName}`,
    });
    const deduct = {
      url: `${url}/api/billing/credits/deduct`,
      token,
      body: JSON.stringify({ userId: row.id, amount: 1, description: 'bench' }),
    };

    // Warm up both and size the runs to about SECONDS each.
    const apiWarm = await apiRun(deduct, 2000);
    const baseWarm = await baselineRun(baselinePool, 2000);
    let apiSent = apiWarm.ok;
    let baseSent = 2000;
    const apiN = Math.max(2000, Math.round((apiWarm.ok / apiWarm.ms) * 1000 * SECONDS));
    const baseN = Math.max(2000, Math.round((2000 / baseWarm) * 1000 * SECONDS));
    let apiBest = 0;
    let baseBest = 0;
    let failed = apiWarm.failed;
    // Alternate and keep each side's best round, so a noisy moment on a shared machine hurts neither.
    for (let i = 0; i < 2; i++) {
      const b = await baselineRun(baselinePool, baseN);
      baseSent += baseN;
      baseBest = Math.max(baseBest, (baseN / b) * 1000);
      const a = await apiRun(deduct, apiN);
      apiSent += a.ok;
      failed += a.failed;
      apiBest = Math.max(apiBest, (a.ok / a.ms) * 1000);
    }

    const account = await ledger.balance(row.id);
    const sum = await ledger.creditSum(row.id);
    const expected = (START_CREDITS - apiSent) * MICROS;
    const base = await baselinePool.query('select balance from bench_balance where id = 1');
    await baselinePool.end();
    await app.close();
    if (failed > 0) throw new Error(`${failed} deductions failed during the credits benchmark`);
    if (account?.balanceMicros !== expected || sum !== expected) {
      throw new Error(
        `credits benchmark: balance ${account?.balanceMicros} and ledger sum ${sum}, expected ${expected}`,
      );
    }
    if (Number(base.rows[0]?.balance) !== START_CREDITS - baseSent) {
      throw new Error(
        `credits benchmark: baseline balance ${base.rows[0]?.balance}, expected ${START_CREDITS - baseSent}`,
      );
    }
    const ratio = apiBest / baseBest;
    return [
      {
        name: `credit deductions through POST /api/billing/credits/deduct (${CLIENTS} clients, postgres, balance exact)`,
        value: Math.round(apiBest),
        unit: 'deductions/s',
        limitName: 'plain single-row UPDATE balance = balance - 1',
        limit: Math.round(baseBest),
        ratio,
        goal: '>= 0.5',
        pass: ratio >= 0.5,
      },
    ];
  } finally {
    await database.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`)).catch(() => {});
    await database.close();
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `n` plain updates of one row by CLIENTS concurrent clients; returns the milliseconds taken. */
async function baselineRun(pool: pg.Pool, n: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < n) {
        next++;
        await pool.query('update bench_balance set balance = balance - 1 where id = $1', [1]);
      }
    }),
  );
  return performance.now() - started;
}

/**
 * `n` deductions by CLIENTS concurrent keep-alive HTTP clients in a child process, so the load
 * generator does not share the server's thread. Exactly `n` requests, so the balance is checkable.
 */
function apiRun(
  target: { url: string; token: string; body: string },
  n: number,
): Promise<{ ok: number; failed: number; ms: number }> {
  const client = `
    import http from 'node:http';
    const { url, token, body, n, clients } = JSON.parse(process.argv[1]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    const headers = {
      authorization: 'Bearer ' + token,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    const once = () => new Promise((resolve) => {
      const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('error', () => resolve(false));
      req.end(body);
    });
    let sent = 0, ok = 0, failed = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => {
      while (sent < n) { sent++; (await once()) ? ok++ : failed++; }
    }));
    process.stdout.write(JSON.stringify({ ok, failed, ms: performance.now() - started }));
    agent.destroy();
  `;
  const args = ['--input-type=module', '-e', client, JSON.stringify({ ...target, n, clients: CLIENTS })];
  return jsonFromNode(args, 'load client');
}
