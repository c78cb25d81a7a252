import { pipeline } from 'node:stream/promises';
import type { PGliteInterface } from '@electric-sql/pglite';
import { SEED_TABLES, type SeedTable } from '@stratos/contracts/ai/seeding.schema';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { SeedRow } from '../apps/server/src/modules/ai/seeding/seed-common';
import { generateSeed } from '../apps/server/src/modules/ai/seeding/seed-generator';
import { type Engine, startBenchApp } from './engine';
import { alternate, compare, type Figure } from './figure';
import { ROUNDS } from './support';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The full seed of the eight AI tables (90,000 records) through the app's seeding service
 * (generating the records, batched inserts that skip what is there, progress, the cluster lease)
 * against a bare COPY of the same records, generated beforehand, into the same tables of the same
 * database with the same indexes and generated columns. Before each round both sides start from
 * empty tables. Records per second; the goal on PostgreSQL is 0.6 of COPY; PGlite is reported.
 */
export async function seedBench(engine: Engine): Promise<Figure[]> {
  const bench = await startBenchApp(engine, { JOBS_ENABLED: 'false' });
  let copyClient: pg.Client | null = null;
  try {
    const { app, database } = bench;
    const db = database.db;
    const data = generateSeed(1);
    const total = SEED_TABLES.reduce((n, t) => n + data[t].length, 0);
    const texts = SEED_TABLES.map((t) => [t, copyText(data[t])] as const);
    const empty = async () => {
      // cascade: other tables (learning suggestions, tool calls) reference these; empty in a bench.
      await db.execute(sql.raw(`truncate ${SEED_TABLES.join(', ')} cascade`));
    };
    const count = async () =>
      Number(
        rowsOf<{ n: number | string }>(
          await db.execute(
            sql.raw(`select (${SEED_TABLES.map((t) => `(select count(*) from ${t})`).join(' + ')}) as n`),
          ),
        )[0]?.n,
      );

    let copy: (table: SeedTable, columns: string, text: string) => Promise<void>;
    if (engine.url) {
      const schema = rowsOf<{ s: string }>(await db.execute(sql`select current_schema() as s`))[0]?.s;
      copyClient = new pg.Client({ connectionString: engine.url, options: `-c search_path=${schema}` });
      await copyClient.connect();
      const client = copyClient;
      copy = async (table, columns, text) => {
        await pipeline(
          (async function* () {
            yield text;
          })(),
          client.query(copyFrom(`copy ${table} (${columns}) from stdin`)),
        );
      };
    } else {
      // PGlite reads COPY input from a blob.
      const pglite = (db as unknown as { $client: PGliteInterface }).$client;
      copy = async (table, columns, text) => {
        await pglite.query(`copy ${table} (${columns}) from '/dev/blob'`, [], { blob: new Blob([text]) });
      };
    }

    const rounds = await alternate(
      ROUNDS,
      {
        app: async () => {
          await empty();
          const t = performance.now();
          const r = await app.ctx.aiSeeding.real();
          const seconds = (performance.now() - t) / 1000;
          if (r.totalRecords !== total || (await count()) !== total) throw new Error('app seed incomplete');
          return total / seconds;
        },
        copy: async () => {
          await empty();
          const t = performance.now();
          for (const [table, { columns, text }] of texts) await copy(table, columns, text);
          const seconds = (performance.now() - t) / 1000;
          if ((await count()) !== total) throw new Error('COPY incomplete');
          return total / seconds;
        },
      },
      1,
    );
    return [
      compare({
        name: `full seed of the eight AI tables (${total.toLocaleString('en')} records, generated, batched inserts)`,
        engine: engine.name,
        unit: 'records/s',
        app: rounds.app,
        limitName: 'bare COPY of the same records, same tables and indexes',
        limit: rounds.copy,
        goal: engine.name === 'postgres' ? { atLeast: 0.6 } : null,
        digits: 0,
      }),
    ];
  } finally {
    await copyClient?.end().catch(() => {});
    await bench.close();
  }
}

/** COPY's text format of the rows: tab-separated, \N for null, arrays and JSON in their text forms. */
function copyText(rows: readonly SeedRow[]): { columns: string; text: string } {
  const keys = Object.keys(rows[0] as SeedRow);
  const lines = rows.map((row) =>
    keys
      .map((k) => (JSON_COLUMNS.has(k) ? copyEscape(JSON.stringify(row[k])) : copyValue(row[k])))
      .join('\t'),
  );
  return { columns: keys.join(', '), text: `${lines.join('\n')}\n` };
}

/** The jsonb columns of the eight tables (arrays there are JSON, not PostgreSQL arrays). */
const JSON_COLUMNS = new Set([
  'knowledge_used',
  'improvement_suggestions',
  'user_context',
  'success_metrics',
  'actionable_insights',
  'context',
]);

function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    return copyEscape(arrayLiteral(v as string[]));
  if (typeof v === 'object') return copyEscape(JSON.stringify(v));
  return copyEscape(String(v));
}

const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((s) => `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

const copyEscape = (s: string) =>
  s.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\r', '\\r').replaceAll('\t', '\\t');
