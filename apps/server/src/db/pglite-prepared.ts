import { type PGliteInterface, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { executeMessages } from './pglite-execute-message';

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

interface Statement {
  text: string;
  /** Both set once the statement is prepared in the backend. */
  name?: string;
  paramTypes?: number[];
}

const { serialize } = protocol;
let statementCount = 0;

/**
 * Runs Drizzle's prepared queries (`.prepare()`) as named server-side statements on PGlite, parsed
 * and planned once, as node-postgres does for them on PostgreSQL. PGlite's query() parses,
 * describes and plans the statement on every call, in six protocol round trips; an execution of a
 * named statement is one (bind, describe, execute, sync). Main thread per call: a primary-key read
 * ~110 -> ~40 us, the sign-in statement ~0.7 -> ~0.4 ms.
 *
 * A prepared Drizzle query passes the same options object on every execution, while every ad-hoc
 * query builds a new one: so a statement is named the second time one options object arrives with
 * the same text, and ad-hoc queries keep PGlite's own path. For the root client only: inside a
 * transaction PGlite's transaction object runs the queries.
 *
 * Mirrors PGlite's query(): same locks, parameter serializers, result parsing and error fields.
 * `query` runs everything else (and each statement's first execution). As on PostgreSQL, the
 * backend may settle on a generic plan after a few executions: fine for the key lookups and
 * inserts prepared today; leave a query with skewed, value-dependent plans ad hoc.
 */
export function withPreparedStatements(pg: PGliteInterface, query: Query): Query {
  /** The text each options object last came with. */
  const seen = new WeakMap<object, string>();
  /** One backend statement per text, so repositories built more than once still share it. */
  const statements = new Map<string, Statement>();
  return (text, params = [], options) => {
    if (!options || options.blob) return query(text, params, options);
    if (seen.get(options) !== text) {
      seen.set(options, text);
      return query(text, params, options);
    }
    let statement = statements.get(text);
    if (!statement) {
      statement = { text };
      statements.set(text, statement);
    }
    // Per-query parsers are dropped here too, as client.ts does for every query.
    const { parsers: _dropped, ...rest } = options;
    return runPrepared(pg, statement, params, rest);
  };
}

async function runPrepared(
  pg: PGliteInterface,
  statement: Statement,
  params: unknown[],
  options: QueryOptions,
): Promise<Results> {
  await pg._checkReady();
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const protocolOptions = { ...options, syncToFs: false };
      let messages: Awaited<ReturnType<PGliteInterface['execProtocolStream']>>;
      try {
        if (!statement.name || !statement.paramTypes) {
          // A fresh name each time, so a half-prepared statement can never collide with this one.
          const name = `drizzle_prepared_${++statementCount}`;
          const described = await pg.execProtocolStream(
            concat([
              serialize.parse({ name, text: statement.text, types: options.paramTypes }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            ]),
            protocolOptions,
          );
          statement.name = name;
          statement.paramTypes = parse.parseDescribeStatementResults(described);
        }
        const types = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = types[i] as number;
          const serializer = options.serializers?.[type] ?? pg.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        messages = await pg.execProtocolStream(executeMessages(statement.name, values), protocolOptions);
      } catch (err) {
        // A statement whose plan went stale (its table changed shape) is prepared again next time.
        const stale = statement.name;
        if ((err as { code?: string }).code === '0A000' && stale) {
          statement.name = undefined;
          statement.paramTypes = undefined;
          await pg
            .execProtocolStream(
              concat([serialize.close({ type: 'S', name: stale }), serialize.sync()]),
              protocolOptions,
            )
            .catch(() => {});
        }
        throw Object.assign(err as object, { query: statement.text, params, queryOptions: options });
      }
      await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers, options)[0] as Results;
    }),
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
