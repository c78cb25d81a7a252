import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiKnowledgeBase, aiKnowledgeEmbeddings } from '../../../db/schema/index';

/** Rows each signal contributes at most (section 5: "the top 5 out of up to 100"). */
export const CANDIDATES_PER_SIGNAL = 100;
/** The embedding row search compares: one per knowledge item, of its title and content. */
export const SEARCH_CONTENT_TYPE = 'title_content';

export interface CandidateRow {
  id: string;
  domain: string;
  type: string;
  title: string;
  content: string;
  keywords: string[];
  difficulty_level: string;
  /** ts_rank of the full-text match; null when full-text search did not find the item. */
  rank: number | null;
  /** Cosine similarity to the term; null when the vector signal did not find the item. */
  similarity: number | null;
}

export interface CandidateQuery {
  term: string;
  keywords: readonly string[];
}

export interface VectorHit {
  id: string;
  similarity: number;
}

/** A PostgreSQL array literal of text values (quoted, so any value is safe). */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** pgvector's text form of a vector. */
export const vectorLiteral = (v: readonly number[]) => `[${v.join(',')}]`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The text signals, as CTEs: full-text search (the term's lexemes OR-ed, ranked by ts_rank over the
 * generated search_vector and its GIN index) and keyword overlap (the item's keywords array, GIN).
 */
function textSignals(q: CandidateQuery): SQL {
  return sql`
    fts as (
      select k.id, ts_rank(k.search_vector, t.query) as rank
      from ${aiKnowledgeBase} k,
        (select replace(plainto_tsquery('english', ${q.term})::text, ' & ', ' | ')::tsquery as query) t
      where k.search_vector @@ t.query
      order by rank desc
      limit ${CANDIDATES_PER_SIGNAL}
    ),
    kw as (
      select id from ${aiKnowledgeBase} where keywords && ${pgArray(q.keywords)}::text[]
      limit ${CANDIDATES_PER_SIGNAL}
    )`;
}

/** Every candidate's item, with the full-text rank and similarity it got. */
const candidateRows = sql`
  select k.id, k.domain, k.type, k.title, k.content, k.keywords, k.difficulty_level,
    fts.rank::float8 as rank, vec.similarity::float8 as similarity
  from (select id from fts union select id from kw union select id from vec) ids
  join ${aiKnowledgeBase} k on k.id = ids.id
  left join fts on fts.id = k.id
  left join vec on vec.id = k.id`;

/**
 * One statement when the database has pgvector: the nearest items by the exact cosine distance
 * `<=>` over the stored vector(384) column (no approximate index, so recall is exact), then the
 * text signals and the items.
 */
export function pgvectorCandidatesSql(q: CandidateQuery, vector: readonly number[], model: string): SQL {
  return sql`
    with vec as (
      select e.knowledge_id as id, 1 - (e.embedding <=> ${vectorLiteral(vector)}::vector) as similarity
      from ${aiKnowledgeEmbeddings} e
      where e.embedding_model = ${model} and e.content_type = ${SEARCH_CONTENT_TYPE} and e.embedding is not null
      order by e.embedding <=> ${vectorLiteral(vector)}::vector
      limit ${CANDIDATES_PER_SIGNAL}
    ),
    ${textSignals(q)}
    ${candidateRows}`;
}

/** One statement for the vector hits found in the process (or none: text only), the text signals and the items. */
export function givenHitsCandidatesSql(q: CandidateQuery, hits: readonly VectorHit[]): SQL {
  return sql`
    with vec as (
      select * from unnest(${pgArray(hits.map((h) => h.id))}::uuid[],
        ${`{${hits.map((h) => h.similarity).join(',')}}`}::float8[]) as v(id, similarity)
    ),
    ${textSignals(q)}
    ${candidateRows}`;
}

export interface StoredVectors {
  rows: { rowId: string; knowledgeId: string; vector: string; updatedAt: string }[];
}

export interface VectorsVersion {
  count: number;
  /** The latest updated_at of a stored vector, as the database prints it; null when none. */
  latest: string | null;
}

export class KnowledgeSearchRepository {
  constructor(private readonly db: Db) {}

  /** Whether this database holds the stored pgvector column (migration 0017 made it) and its operator works. */
  async hasPgvector(): Promise<boolean> {
    const column = rowsOf(
      await this.db.execute(sql`
        select 1 from pg_attribute
        where attrelid = 'ai_knowledge_embeddings'::regclass and attname = 'embedding' and not attisdropped`),
    );
    if (column.length === 0) return false;
    try {
      // The operator must resolve too (the extension's schema may be off the search path).
      await this.db.execute(sql`
        select 1 from ${aiKnowledgeEmbeddings} e where (e.embedding <=> e.embedding) < 0 limit 0`);
      return true;
    } catch {
      return false;
    }
  }

  async candidates(statement: SQL): Promise<CandidateRow[]> {
    const rows = rowsOf<CandidateRow>(await this.db.execute(statement));
    return rows.map((r) => ({
      ...r,
      rank: r.rank === null ? null : Number(r.rank),
      similarity: r.similarity === null ? null : Number(r.similarity),
    }));
  }

  /** How many vectors of a model are stored, and when the last one changed (the scan's freshness check). */
  async vectorsVersion(model: string): Promise<VectorsVersion> {
    const r = rowsOf<{ count: number | string; latest: string | null }>(
      await this.db.execute(sql`
        select count(*)::int as count, max(updated_at)::text as latest from ${aiKnowledgeEmbeddings}
        where embedding_model = ${model} and content_type = ${SEARCH_CONTENT_TYPE}
          and embedding_vector is not null`),
    )[0];
    return { count: Number(r?.count ?? 0), latest: r?.latest ?? null };
  }

  /**
   * A model's stored vectors (changed at or after `since` when given), as text: parsing
   * comma-separated numbers is cheaper than either driver's float array parser.
   */
  async vectors(model: string, since: string | null): Promise<StoredVectors> {
    const rows = rowsOf<{ row_id: string; knowledge_id: string; vector: string; updated_at: string }>(
      await this.db.execute(sql`
        select id as row_id, knowledge_id, array_to_string(embedding_vector, ',') as vector,
          updated_at::text as updated_at
        from ${aiKnowledgeEmbeddings}
        where embedding_model = ${model} and content_type = ${SEARCH_CONTENT_TYPE}
          and embedding_vector is not null
          ${since === null ? sql`` : sql`and updated_at >= ${since}::timestamptz`}`),
    );
    return {
      rows: rows.map((r) => ({
        rowId: r.row_id,
        knowledgeId: r.knowledge_id,
        vector: r.vector,
        updatedAt: r.updated_at,
      })),
    };
  }

  /** Adds each item's times returned to its usage_count, in one statement. */
  async addUsage(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return;
    await this.db.execute(sql`
      update ${aiKnowledgeBase} k set usage_count = k.usage_count + u.n
      from unnest(${pgArray([...counts.keys()])}::uuid[], ${`{${[...counts.values()].join(',')}}`}::int[]) as u(id, n)
      where k.id = u.id`);
  }
}
