import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiKnowledgeBase, aiKnowledgeEmbeddings } from '../../../db/schema/index';
import { pgArray, SEARCH_CONTENT_TYPE } from './knowledge-search.repository';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The text of an item that is embedded, and its hash, in SQL so every writer (the API, the seeder,
 * this queue) computes the same: title, a blank line, content.
 */
export const EMBEDDED_TEXT = sql`(k.title || E'\n\n' || k.content)`;
export const EMBEDDED_TEXT_HASH = sql`encode(sha256(convert_to(${EMBEDDED_TEXT}, 'UTF8')), 'hex')`;

/** The same text and hash in JavaScript, for a writer that fills content_hash itself (a bulk seed). */
export const embeddedText = (item: { title: string; content: string }) => `${item.title}\n\n${item.content}`;
export const embeddedTextHash = (item: { title: string; content: string }) =>
  createHash('sha256').update(embeddedText(item), 'utf8').digest('hex');

export interface PendingEmbedding {
  id: string;
  contentHash: string;
  text: string;
}

export class KnowledgeEmbeddingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * A pending row for each item that has none, or whose text changed since it was embedded (the row
   * goes back to pending). Returns how many rows became pending.
   */
  async queue(knowledgeIds: readonly string[]): Promise<number> {
    if (knowledgeIds.length === 0) return 0;
    const result = await this.db.execute(sql`
      insert into ${aiKnowledgeEmbeddings} (knowledge_id, content_type, content_hash)
      select k.id, ${SEARCH_CONTENT_TYPE}, ${EMBEDDED_TEXT_HASH}
      from ${aiKnowledgeBase} k where k.id = any(${pgArray(knowledgeIds)}::uuid[])
      on conflict (knowledge_id, content_type) do update
        set content_hash = excluded.content_hash, embedding_vector = null, embedding_model = null,
          updated_at = now()
        where ${aiKnowledgeEmbeddings}.content_hash <> excluded.content_hash
      returning id`);
    return rowsOf(result).length;
  }

  /** Rows embedded with another model than `model` go back to pending. Returns how many. */
  async requeueOtherModels(model: string): Promise<number> {
    const result = await this.db.execute(sql`
      update ${aiKnowledgeEmbeddings} set embedding_vector = null, embedding_model = null, updated_at = now()
      where embedding_model is not null and embedding_model <> ${model}
      returning id`);
    return rowsOf(result).length;
  }

  async pendingCount(): Promise<number> {
    const r = rowsOf<{ n: number | string }>(
      await this.db.execute(
        sql`select count(*)::int as n from ${aiKnowledgeEmbeddings} where embedding_vector is null`,
      ),
    )[0];
    return Number(r?.n ?? 0);
  }

  /** The oldest pending rows with the text to embed (cut at `maxChars`: models read a bounded window anyway). */
  async pending(limit: number, maxChars: number): Promise<PendingEmbedding[]> {
    const rows = rowsOf<{ id: string; content_hash: string; text: string }>(
      await this.db.execute(sql`
        select e.id, e.content_hash, left(${EMBEDDED_TEXT}, ${maxChars}) as text
        from ${aiKnowledgeEmbeddings} e join ${aiKnowledgeBase} k on k.id = e.knowledge_id
        where e.embedding_vector is null
        order by e.created_at, e.id
        limit ${limit}`),
    );
    return rows.map((r) => ({ id: r.id, contentHash: r.content_hash, text: r.text }));
  }

  /**
   * Stores vectors in one statement; a row whose text changed since it was read (another hash) or
   * that another worker filled meanwhile is left alone. Returns how many were stored.
   */
  async store(
    model: string,
    rows: readonly { id: string; contentHash: string; vector: number[] }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const vectors = pgArray(rows.map((r) => `{${r.vector.join(',')}}`));
    const result = await this.db.execute(sql`
      update ${aiKnowledgeEmbeddings} e
        set embedding_vector = v.vector::real[], embedding_model = ${model}, updated_at = now()
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[], ${pgArray(rows.map((r) => r.contentHash))}::text[],
        ${vectors}::text[]) as v(id, hash, vector)
      where e.id = v.id and e.content_hash = v.hash and e.embedding_vector is null
      returning e.id`);
    return rowsOf(result).length;
  }
}
