import type { TableCounts } from '@stratos/contracts/ai/knowledge-data.schema';
import { AI_TABLES, type AiTable } from '@stratos/contracts/ai/knowledge-records.schema';
import { desc, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiKnowledgeBase, aiLearningInteractions } from '../../../db/schema/index';
import { type AiTableEntry, aiTables } from './knowledge-tables';

export type KnowledgeRow = typeof aiKnowledgeBase.$inferSelect;
export type NewKnowledgeRow = typeof aiKnowledgeBase.$inferInsert;
export type InteractionRow = typeof aiLearningInteractions.$inferSelect;

/** A row of a query's result, as the driver gave it, and the types of its columns. */
export interface QueryResultRows {
  rows: Array<Record<string, unknown>>;
  /** PostgreSQL type oid per column name (int8 comes back as text from pg, as a number from PGlite). */
  types: Map<string, number>;
}

const rowsOf = (result: unknown) =>
  result as { rows: Array<Record<string, unknown>>; fields?: Array<{ name: string; dataTypeID: number }> };

/** A statement whose planned cost is over the limit it was run with (PGlite's stand-in for a timeout). */
export class TooCostly extends Error {
  constructor(
    readonly cost: number,
    readonly limit: number,
  ) {
    super(`estimated cost ${cost} over ${limit}`);
  }
}

/** The AI tables' SQL for the data calls: inserts, counts, the two lists and the read-only query. */
export class KnowledgeDataRepository {
  private schema: Promise<string> | undefined;

  constructor(private readonly db: Db) {}

  async insertOne(entry: AiTableEntry, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const rows = (await this.db
      .insert(entry.table)
      .values(values as never)
      .returning()) as Array<Record<string, unknown>>;
    return rows[0] as Record<string, unknown>;
  }

  /**
   * All of them in one statement: every record is stored, or none. The rows go as one JSON
   * parameter (json_populate_recordset) rather than a VALUES list of a parameter per field, which
   * costs PGlite (in the server's process) about twice the CPU for a few dozen knowledge items.
   * Records with the same fields share one insert; a field left out gets the column's default.
   */
  async insertMany(entry: AiTableEntry, values: Array<Record<string, unknown>>): Promise<number> {
    if (values.length === 0) return 0;
    const groups = jsonRowGroups(entry.table, values);
    if (!groups) {
      const rows = await this.db
        .insert(entry.table)
        .values(values as never)
        .returning({ one: sql`1` });
      return rows.length;
    }
    const table = sql.identifier(getTableName(entry.table));
    const inserts = groups.map(({ columns, rows }, i) => {
      const list = sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      return sql`${sql.identifier(`g${i}`)} as (insert into ${table} (${list})
        select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json) returning 1)`;
    });
    const counted = sql.join(
      groups.map((_, i) => sql`(select count(*) from ${sql.identifier(`g${i}`)})`),
      sql` + `,
    );
    const result = await this.db.execute(
      sql`with ${sql.join(inserts, sql`, `)} select (${counted})::int as n`,
    );
    return Number(rowsOf(result).rows[0]?.n ?? 0);
  }

  /** Rows of several tables in one transaction: all are stored, or none. */
  async insertAllOrNone(
    rows: Array<{ entry: AiTableEntry; values: Record<string, unknown> }>,
  ): Promise<Array<Record<string, unknown>>> {
    return this.db.transaction(async (tx) => {
      const out: Array<Record<string, unknown>> = [];
      for (const { entry, values } of rows) {
        const inserted = (await tx
          .insert(entry.table)
          .values(values as never)
          .returning()) as Array<Record<string, unknown>>;
        out.push(inserted[0] as Record<string, unknown>);
      }
      return out;
    });
  }

  /** The AI tables the database lacks (resolved in the connection's search_path). */
  async missingTables(): Promise<string[]> {
    const result = await this.db.execute(
      sql`select name from unnest(${sql.param([...AI_TABLES])}::text[]) as t(name) where to_regclass(name) is null`,
    );
    return rowsOf(result).rows.map((r) => String(r.name));
  }

  /**
   * Exact row counts of the ten tables in one statement. Counting ~90,000 rows is an index-only
   * or sequential scan of a few milliseconds; pg_class estimates would be cheaper but are stale
   * right after a seed, which is when the counts are read.
   */
  async tableCounts(): Promise<TableCounts> {
    const columns: SQL[] = aiTables().map(
      (e) => sql`(select count(*) from ${e.table})::int as ${sql.identifier(getTableName(e.table))}`,
    );
    const result = await this.db.execute(sql`select ${sql.join(columns, sql`, `)}`);
    const row = rowsOf(result).rows[0] ?? {};
    return Object.fromEntries(AI_TABLES.map((t) => [t, Number(row[t] ?? 0)])) as Record<AiTable, number>;
  }

  /**
   * Knowledge items in one statement, skipping those whose content_hash is already stored;
   * returns how many were inserted.
   */
  async insertKnowledgeSkippingDuplicates(rows: Array<typeof aiKnowledgeBase.$inferInsert>): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(aiKnowledgeBase)
      .values(rows)
      .onConflictDoNothing({ target: aiKnowledgeBase.contentHash })
      .returning({ one: sql`1` });
    return inserted.length;
  }

  async countKnowledgeFrom(source: string): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(aiKnowledgeBase)
      .where(eq(aiKnowledgeBase.source, source));
    return Number(rows[0]?.n ?? 0);
  }

  listKnowledge(limit: number, domain?: string): Promise<KnowledgeRow[]> {
    return this.db
      .select()
      .from(aiKnowledgeBase)
      .where(domain ? eq(aiKnowledgeBase.domain, domain) : undefined)
      .orderBy(desc(aiKnowledgeBase.createdAt), desc(aiKnowledgeBase.id))
      .limit(limit);
  }

  /** The newest interactions: of one user, or (null) of everyone. */
  listInteractions(limit: number, userId: string | null): Promise<InteractionRow[]> {
    return this.db
      .select()
      .from(aiLearningInteractions)
      .where(userId ? eq(aiLearningInteractions.userId, userId) : undefined)
      .orderBy(desc(aiLearningInteractions.createdAt), desc(aiLearningInteractions.id))
      .limit(limit);
  }

  /** The schema unqualified table names resolve to (public; a test's own schema on PostgreSQL). */
  currentSchema(): Promise<string> {
    this.schema ??= this.db
      .execute(sql`select current_schema() as name`)
      .then((r) => String(rowsOf(r).rows[0]?.name));
    return this.schema;
  }

  /**
   * Runs `query` in a READ ONLY transaction with a statement timeout, its table names resolved in
   * `schema` alone (pg_catalog's functions stay reachable, as always). PGlite runs on this process's
   * main thread and cannot interrupt a statement, so there the timeout is not enforced: with
   * `maxCost`, the planner's estimate is read first (EXPLAIN, nothing run) and a statement over it
   * is refused (TooCostly) instead.
   */
  async readOnly(query: SQL, schema: string, timeoutMs: number, maxCost?: number): Promise<QueryResultRows> {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set transaction read only'));
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(timeoutMs)}`));
      await tx.execute(sql.raw(`set local search_path = ${schema}`));
      if (maxCost !== undefined) {
        const plan = rowsOf(await tx.execute(sql`explain (format json) ${query}`)).rows[0]?.['QUERY PLAN'];
        const cost = Number(
          (plan as Array<{ Plan?: { 'Total Cost'?: number } }> | undefined)?.[0]?.Plan?.['Total Cost'],
        );
        if (!(cost <= maxCost)) throw new TooCostly(cost, maxCost);
      }
      const result = rowsOf(await tx.execute(query));
      return {
        rows: result.rows,
        types: new Map((result.fields ?? []).map((f) => [f.name, f.dataTypeID])),
      };
    });
  }
}

/** Column types json_populate_recordset fills from a JSON value exactly as a bound parameter would. */
const JSON_FILLED =
  /^(uuid|text|integer|real|double precision|boolean|timestamp with time zone|jsonb)$|^(text|real)\[\]$/;

/**
 * Insert values (Drizzle keys) as JSON rows under their columns' SQL names, grouped by the fields
 * they set; null when a field's column type is not one JSON fills as a parameter would.
 */
function jsonRowGroups(
  table: AiTableEntry['table'],
  values: Array<Record<string, unknown>>,
): Array<{ columns: string[]; rows: Array<Record<string, unknown>> }> | null {
  const columns = getTableColumns(table);
  const groups = new Map<string, { columns: string[]; rows: Array<Record<string, unknown>> }>();
  for (const value of values) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    const row: Record<string, unknown> = {};
    const names: string[] = [];
    for (const key of keys) {
      const column = columns[key];
      if (!column || !JSON_FILLED.test(column.getSQLType())) return null;
      names.push(column.name);
      row[column.name] = value[key];
    }
    if (names.length === 0) return null;
    const signature = names.join(',');
    let group = groups.get(signature);
    if (!group) {
      group = { columns: names, rows: [] };
      groups.set(signature, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}
