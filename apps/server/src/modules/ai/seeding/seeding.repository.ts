import { SEED_TABLES, type SeedTable } from '@stratos/contracts/ai/seeding.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { SeedRow } from './seed-common';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The unique key a seeded row is recognised by (embeddings: one per item and content type). */
const CONFLICT_TARGET: Record<SeedTable, string> = {
  ai_knowledge_base: '(content_hash)',
  ai_learning_interactions: '(content_hash)',
  ai_learning_improvements: '(content_hash)',
  ai_knowledge_connections: '(content_hash)',
  ai_knowledge_embeddings: '(knowledge_id, content_type)',
  ai_domain_expertise: '(content_hash)',
  ai_learning_patterns: '(content_hash)',
  ai_performance_metrics: '(content_hash)',
};

/** Children first, so no foreign key is left pointing at a deleted row. */
const CLEAR_ORDER: readonly SeedTable[] = [
  'ai_knowledge_connections',
  'ai_knowledge_embeddings',
  'ai_learning_improvements',
  'ai_learning_interactions',
  'ai_domain_expertise',
  'ai_learning_patterns',
  'ai_performance_metrics',
  'ai_knowledge_base',
];

/** SQL of the seeding tool. Table names come from SEED_TABLES only, never from a request. */
export class SeedingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts a batch in one statement (so one transaction): the rows travel as one JSON parameter
   * that json_populate_recordset turns into the table's own row type (arrays, jsonb, timestamps),
   * one round trip per batch. Rows already present (same key) are skipped. Returns how many were
   * inserted.
   */
  async insertBatch(table: SeedTable, rows: readonly SeedRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const columns = Object.keys(rows[0] as SeedRow).join(', ');
    const result = await this.db.execute(sql`
      with inserted as (
        insert into ${sql.identifier(table)} (${sql.raw(columns)})
        select ${sql.raw(columns)} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)
        on conflict ${sql.raw(CONFLICT_TARGET[table])} do nothing
        returning 1
      )
      select count(*)::int as n from inserted`);
    return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  }

  /** Records per table, and embeddings still waiting for a vector. */
  async counts(): Promise<{ tables: Record<SeedTable, number>; pendingEmbeddings: number }> {
    const parts = SEED_TABLES.map(
      (t) => sql`select ${t}::text as t, count(*)::int as n from ${sql.identifier(t)}`,
    );
    parts.push(
      sql`select 'pending'::text as t, count(*)::int as n from ai_knowledge_embeddings where embedding_vector is null`,
    );
    const result = await this.db.execute(sql.join(parts, sql` union all `));
    const tables = {} as Record<SeedTable, number>;
    let pendingEmbeddings = 0;
    for (const row of rowsOf<{ t: string; n: number | string }>(result)) {
      if (row.t === 'pending') pendingEmbeddings = Number(row.n);
      else tables[row.t as SeedTable] = Number(row.n);
    }
    return { tables, pendingEmbeddings };
  }

  /** Deletes every record of the eight tables in one transaction; returns what each had. */
  async clearAll(): Promise<Record<SeedTable, number>> {
    return this.db.transaction(async (tx) => {
      const deleted = {} as Record<SeedTable, number>;
      for (const table of CLEAR_ORDER) {
        const result = await tx.execute(sql`
          with gone as (delete from ${sql.identifier(table)} returning 1) select count(*)::int as n from gone`);
        deleted[table] = Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
      }
      return deleted;
    });
  }
}
