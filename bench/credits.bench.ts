import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Db } from '../apps/server/src/db/client';
import { GroupCommit } from '../apps/server/src/lib/group-commit';
import { LedgerRepository } from '../apps/server/src/modules/billing/ledger.repository';
import { countedRun } from './count-client';
import { type Engine, startBenchApp } from './engine';
import { alternate, compare, type Figure } from './figure';
import { preparedQuery } from './prepared';
import { accessTokens, bearerSets, createUser, ROUNDS, SECONDS } from './support';

const CLIENTS = 32;
const MICROS = 1_000_000;
/** Enough for every deduction of the run: the balance never runs out. */
const START_CREDITS = 100_000_000;
/** The app's batch bound (deduction-batcher.ts). */
const MAX_BATCH = 256;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Credit deductions per second, all on one account, with 32 concurrent keep-alive clients in a
 * process of their own, each request with the next of 2,000 tokens of the account's user:
 * POST /api/billing/credits/deduct against a bare Fastify route in the same process doing the
 * essential work of a deduction the same way: take the amount from the balance only if it covers
 * it and append a ledger row with the balance after, committed in batches by the app's own group
 * commit (lib/group-commit.ts, the same batch bound), one statement per batch, sent as the app
 * sends its statements (a batch as a prepared statement, a deduction alone ad hoc). After every
 * round the balance on each side must equal the start minus the deductions that succeeded, and the
 * ledger's sum must agree.
 */
export async function creditsBench(engine: Engine): Promise<Figure[]> {
  const bench = await startBenchApp(engine, { JOBS_ENABLED: 'false' });
  const bare = Fastify({ logger: false });
  try {
    const { app, database } = bench;
    const db = database.db;
    // A prepaid account, as the accounts that spend credits are.
    const { row } = await createUser(db, { plan: 'prepaid' });
    const ledger = new LedgerRepository(db);
    await ledger.applyCredit({
      userId: row.id,
      kind: 'credit_purchase',
      micros: START_CREDITS * MICROS,
      description: 'Bench credits',
      paymentIntentId: `pi_bench_${row.id}`,
    });
    await db.execute(sql`create table bench_balance (id int primary key, balance bigint not null)`);
    await db.execute(
      sql`create table bench_ledger (id bigserial primary key, amount bigint not null, balance_after bigint not null, created_at timestamptz not null default now())`,
    );
    await db.execute(sql`insert into bench_balance values (1, ${START_CREDITS})`);
    const spendManySql = preparedQuery(database, 'bench_spend_many', SPEND_MANY);
    const group = new GroupCommit<number, number, number>(
      { one: (_, amount) => spendOne(db, amount), many: (_, amounts) => spendMany(spendManySql, amounts) },
      { maxBatch: MAX_BATCH },
    );
    bare.post('/bare-deduct', async (request) => {
      const { amount } = request.body as { amount: number };
      return { success: true, newBalance: await group.submit(1, amount) };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const body = JSON.stringify({ userId: row.id, amount: 1, description: 'bench' });
    const headerSets = bearerSets(await accessTokens(app.ctx.tokens, row));
    const targets = { app: `${bench.url}/api/billing/credits/deduct`, bare: `${bareUrl}/bare-deduct` };
    const taken = { app: 0, bare: 0 };
    const perRound = { app: 500, bare: 500 };
    const side = (name: 'app' | 'bare') => async (round: number) => {
      const n = round < 0 ? 500 : perRound[name];
      const r = await countedRun({ url: targets[name], body, headerSets, n, clients: CLIENTS });
      if (r.failed > 0) throw new Error(`${r.failed} deductions failed (${name})`);
      taken[name] += r.ok;
      // Size the rounds to about SECONDS each from the warm-up.
      if (round < 0) perRound[name] = Math.max(500, Math.round((r.ok / r.ms) * 1000 * SECONDS));
      await checkBalances(db, ledger, row.id, taken);
      return (r.ok / r.ms) * 1000;
    };
    const rounds = await alternate(ROUNDS, { app: side('app'), bare: side('bare') });
    return [
      compare({
        name: `credit deductions, POST /api/billing/credits/deduct on one account (${CLIENTS} clients, balance exact)`,
        engine: engine.name,
        unit: 'deductions/s',
        app: rounds.app,
        limitName: 'bare route: balance update + ledger row, same group commit',
        limit: rounds.bare,
        goal: { atLeast: 0.5 },
        digits: 0,
      }),
    ];
  } finally {
    await bare.close();
    await bench.close();
  }
}

async function checkBalances(
  db: Db,
  ledger: LedgerRepository,
  userId: string,
  taken: { app: number; bare: number },
): Promise<void> {
  const account = await ledger.balance(userId);
  const sum = await ledger.creditSum(userId);
  const expected = (START_CREDITS - taken.app) * MICROS;
  if (account?.balanceMicros !== expected || sum !== expected)
    throw new Error(`app balance ${account?.balanceMicros}, ledger sum ${sum}, expected ${expected}`);
  const [b] = rowsOf<{ balance: string | number; spent: string | number }>(
    await db.execute(
      sql`select (select balance from bench_balance where id = 1) as balance, (select coalesce(sum(amount), 0) from bench_ledger) as spent`,
    ),
  );
  if (Number(b?.balance) !== START_CREDITS - taken.bare || Number(b?.spent) !== taken.bare)
    throw new Error(`bare balance ${b?.balance}, ledger ${b?.spent}, expected ${START_CREDITS - taken.bare}`);
}

/** One deduction in one statement. */
async function spendOne(db: Db, amount: number): Promise<number> {
  const [r] = rowsOf<{ balance_after: string | number }>(
    await db.execute(sql`
      with moved as (
        update bench_balance set balance = balance - ${amount} where id = 1 and balance >= ${amount}
        returning balance
      )
      insert into bench_ledger (amount, balance_after) select ${amount}, balance from moved
      returning balance_after`),
  );
  if (!r) throw new Error('insufficient balance');
  return Number(r.balance_after);
}

/** A batch in one statement: the balance moves by the total, a ledger row per deduction. */
const SPEND_MANY = `
  with items as (select a, i from unnest($1::bigint[]) with ordinality as t(a, i)),
  total as (select sum(a) as s from items),
  moved as (
    update bench_balance set balance = balance - (select s from total)
    where id = 1 and balance >= (select s from total)
    returning balance + (select s from total) as before
  ),
  ins as (
    insert into bench_ledger (amount, balance_after)
    select a, moved.before - sum(a) over (order by i) from items, moved
    returning balance_after
  )
  select i, moved.before - sum(a) over (order by i) as balance_after from items, moved order by i`;

async function spendMany(
  statement: (values: unknown[]) => Promise<unknown[]>,
  amounts: number[],
): Promise<number[]> {
  const list = `{${amounts.map((a) => Math.trunc(a)).join(',')}}`;
  const rows = (await statement([list])) as { i: string | number; balance_after: string | number }[];
  if (rows.length !== amounts.length) throw new Error('insufficient balance');
  return rows.map((r) => Number(r.balance_after));
}
