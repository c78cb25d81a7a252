import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Plain identifiers only: table names come from the catalog, but are quoted and checked anyway. */
const IDENT = /^[a-z_][a-z0-9_]*$/;
const table = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`Unexpected table name ${JSON.stringify(name)}`);
  return sql.identifier(name);
};

const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

/**
 * The SQL of a backup and a restore, engine-neutral (PGlite and PostgreSQL): rows travel as JSON
 * (`row_to_json` out, `json_populate_recordset` in), which keeps every type's text form, so no
 * pg_dump and no COPY protocol is needed, and a PGlite backup restores into PostgreSQL.
 */
export class BackupRepository {
  constructor(private readonly db: Db) {}

  /** The app's tables (the schema in use; drizzle's own bookkeeping lives in another). */
  async tables(): Promise<string[]> {
    const res = await this.db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and not c.relispartition
      order by c.relname`);
    return rows<{ name: string }>(res).map((r) => r.name);
  }

  /** One page of a table in physical order (a TID range scan), after `afterCtid`; each row as JSON text. */
  async page(name: string, afterCtid: string, limit: number): Promise<{ ctid: string; json: string }[]> {
    const res = await this.db.execute(sql`
      select t.ctid::text as ctid, row_to_json(t)::text as json from ${table(name)} t
      where t.ctid > ${afterCtid}::tid order by t.ctid limit ${limit}`);
    return rows<{ ctid: string; json: string }>(res);
  }

  /** The storage keys of every stored blob of one backend, with their sizes. */
  async blobs(backend: string): Promise<{ key: string; size: number }[]> {
    const res = await this.db.execute(
      sql`select storage_key as key, size from blobs where backend = ${backend} order by storage_key`,
    );
    return rows<{ key: string; size: string | number }>(res).map((r) => ({
      key: r.key,
      size: Number(r.size),
    }));
  }

  async rowCount(name: string): Promise<number> {
    const res = await this.db.execute(sql`select count(*)::int as n from ${table(name)}`);
    return Number(rows<{ n: number }>(res)[0]?.n ?? 0);
  }

  /**
   * For a restore: no triggers, no foreign-key checks while rows go in (they were consistent when
   * dumped, and the counters the triggers keep are restored as they were). Transaction-local.
   * PostgreSQL asks for a superuser, or `GRANT SET ON PARAMETER session_replication_role` (15+).
   */
  async replicaMode(): Promise<void> {
    await this.db.execute(sql`set local session_replication_role = replica`);
  }

  /** Empties the tables (rows a migration seeded, such as the plan catalogue, make way for the backup's). */
  async truncate(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db.execute(sql`truncate ${sql.join(names.map(table), sql`, `)}`);
  }

  async insertJson(name: string, jsonRows: string[]): Promise<void> {
    if (jsonRows.length === 0) return;
    const t = table(name);
    const cols = sql.join((await this.storedColumns(name)).map(table), sql`, `);
    await this.db.execute(
      sql`insert into ${t} (${cols}) select ${cols} from json_populate_recordset(null::${t}, ${`[${jsonRows.join(',')}]`}::json)`,
    );
  }

  private readonly columns = new Map<string, Promise<string[]>>();

  /**
   * A table's columns a restore writes: not the generated ones (full-text vectors, the pgvector
   * copy of an embedding), which the database computes and refuses values for.
   */
  private storedColumns(name: string): Promise<string[]> {
    let cols = this.columns.get(name);
    if (!cols) {
      cols = this.db
        .execute(sql`
          select attname from pg_attribute
          where attrelid = ${name}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`)
        .then((res) => rows<{ attname: string }>(res).map((r) => r.attname));
      this.columns.set(name, cols);
    }
    return cols;
  }

  /** Moves every sequence owned by a column of `name` past the restored values. */
  async resetSequences(name: string): Promise<void> {
    const res = await this.db.execute(sql`
      select a.attname as column, pg_get_serial_sequence(quote_ident(${name}), a.attname) as seq
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = ${name} and a.attnum > 0 and not a.attisdropped`);
    for (const { column, seq } of rows<{ column: string; seq: string | null }>(res)) {
      if (!seq) continue;
      const col = table(column);
      await this.db.execute(
        sql`select setval(${seq}::regclass, coalesce((select max(${col}) from ${table(name)}), 0) + 1, false)`,
      );
    }
  }
}
