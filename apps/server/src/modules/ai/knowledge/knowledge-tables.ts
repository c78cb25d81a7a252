import { AI_RECORD_SCHEMAS, AI_TABLES, type AiTable } from '@stratos/contracts/ai/knowledge-records.schema';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  aiDomainExpertise,
  aiInsights,
  aiKnowledgeBase,
  aiKnowledgeConnections,
  aiKnowledgeEmbeddings,
  aiKnowledgeEnhancement,
  aiLearningImprovements,
  aiLearningInteractions,
  aiLearningPatterns,
  aiPerformanceMetrics,
} from '../../../db/schema/index';

/**
 * The ten AI tables as `POST /api/ai/database/{table}` writes them: each table's record schema
 * (contracts, the specification's snake_case names), its Drizzle table, and who may write it
 * (DECISIONS.md: the platform's knowledge is the superadmin's; a user writes only their own
 * interactions). Records map to columns by the columns' own SQL names, so the two cannot drift.
 */
export interface AiTableEntry {
  name: AiTable;
  table: PgTable;
  schema: z.ZodType<Record<string, unknown>>;
  /** 'user': any signed-in user, for their own rows; 'superadmin': the superadmin alone. */
  writers: 'user' | 'superadmin';
}

const TABLES: Record<AiTable, PgTable> = {
  ai_knowledge_base: aiKnowledgeBase,
  ai_learning_interactions: aiLearningInteractions,
  ai_learning_improvements: aiLearningImprovements,
  ai_knowledge_connections: aiKnowledgeConnections,
  ai_knowledge_embeddings: aiKnowledgeEmbeddings,
  ai_domain_expertise: aiDomainExpertise,
  ai_learning_patterns: aiLearningPatterns,
  ai_performance_metrics: aiPerformanceMetrics,
  ai_insights: aiInsights,
  ai_knowledge_enhancement: aiKnowledgeEnhancement,
};

const registry = new Map<string, AiTableEntry>(
  AI_TABLES.map((name) => [
    name,
    {
      name,
      table: TABLES[name],
      schema: AI_RECORD_SCHEMAS[name] as unknown as z.ZodType<Record<string, unknown>>,
      writers: name === 'ai_learning_interactions' ? 'user' : 'superadmin',
    },
  ]),
);

/** The entry of a table name, or null for any other name (a Map: `__proto__` is just unknown). */
export function aiTable(name: string): AiTableEntry | null {
  return registry.get(name) ?? null;
}

export const aiTables = (): AiTableEntry[] => [...registry.values()];

/** Columns never read or written through the API: the dedup hash of seeding and generated search text. */
const INTERNAL = new Set(['search_vector']);

interface ColumnMap {
  /** SQL name -> Drizzle key. */
  toKey: Map<string, string>;
  /** Drizzle key -> SQL name, API-visible columns only. */
  toName: Map<string, string>;
}

const columnMaps = new WeakMap<PgTable, ColumnMap>();
function columnsOf(table: PgTable): ColumnMap {
  let map = columnMaps.get(table);
  if (!map) {
    const entries = Object.entries(getTableColumns(table)).map(([key, col]) => [col.name, key] as const);
    map = {
      toKey: new Map(entries),
      toName: new Map(entries.filter(([name]) => !INTERNAL.has(name)).map(([name, key]) => [key, name])),
    };
    columnMaps.set(table, map);
  }
  return map;
}

const TIMESTAMP = /_at$|_date$|^last_observed$/;

/** A validated record as Drizzle insert values (timestamps as Dates). */
export function toInsertValues(
  entry: AiTableEntry,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const { toKey } = columnsOf(entry.table);
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    const key = toKey.get(name);
    // The record schema names only columns; a name without one is a contract bug, not input.
    if (!key) throw new Error(`${entry.name}.${name} has no column`);
    values[key] = typeof value === 'string' && TIMESTAMP.test(name) ? new Date(value) : value;
  }
  return values;
}

/**
 * A stored row under the specification's names (timestamps as ISO strings). `content_hash` stays
 * where the specification names it (embeddings) and is left out elsewhere, where it is seeding's
 * own bookkeeping.
 */
export function toApiRow(entry: AiTableEntry, row: Record<string, unknown>): Record<string, unknown> {
  const { toName } = columnsOf(entry.table);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const name = toName.get(key);
    if (!name) continue;
    if (name === 'content_hash' && entry.name !== 'ai_knowledge_embeddings') continue;
    out[name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
