import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files, fileTextChunks, fileTextIndex } from '../../../db/schema/index';
import { readableFile } from '../analysis/analysis.repository';
import type { TextChunk } from './chunking';

export type IndexRow = typeof fileTextIndex.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Chunks per INSERT: a 2 MiB text is ~2,000 chunks; 200 rows of ~1 KB keep a statement small. */
const INSERT_BATCH = 200;

/** A PostgreSQL array literal of already-validated values (uuids, integers, numbers). */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/** Matched words between \u0002 and \u0003 (never in indexed text: extraction drops control characters). */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** What the user's index looks like now: when it moves, cached vectors are read again. */
export interface IndexStamp {
  files: number;
  embedded: number;
  lastIndexedAt: string | null;
}
export const stampKey = (s: IndexStamp) => `${s.files}:${s.embedded}:${s.lastIndexedAt ?? ''}`;

export interface ChunkKey {
  fileId: string;
  chunkIndex: number;
}

/** One chunk found for a query, from a live file of its owner. */
export interface FoundChunk extends ChunkKey {
  fileName: string;
  mimeType: string;
  content: string;
  charStart: number;
  /** Full-text rank (null: found by meaning only). */
  textRank: number | null;
  /** ts_headline of the chunk with \u0002...\u0003 around the matched words (when asked for). */
  headline: string | null;
}

export interface FindRequest {
  userId: string;
  /** The text query: OR of the question's words (chat) or the user's search syntax (search box). */
  text: { mode: 'any-word'; words: string[] } | { mode: 'websearch'; query: string } | null;
  /** Full-text hits taken. */
  textLimit: number;
  /** Also mark the matched words of each text hit (content search). */
  headline: boolean;
}

/**
 * SQL of the file text index: the queue (file_text_index rows pending -> indexing -> indexed),
 * the chunks, and the one query retrieval runs. Every read of chunks joins the live file of its
 * owner, so a binned file drops out at once and comes back on restore.
 */
export class FileIndexRepository {
  constructor(private readonly db: Db) {}

  /** A pending row for a new file (inside the upload's transaction); nothing when one exists. */
  async insertPending(tx: Db, fileId: string, userId: string): Promise<void> {
    await tx.insert(fileTextIndex).values({ fileId, userId }).onConflictDoNothing();
  }

  /**
   * Queues up to `limit` live readable files that have no index row (files that came in by a path
   * that does not queue, or before the index existed). Returns how many.
   */
  async sweep(limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      insert into ${fileTextIndex} (file_id, user_id)
      select f.id, f.owner_id from ${files} f
      where f.deleted_at is null and ${readableFile('f')}
        and not exists (select 1 from ${fileTextIndex} i where i.file_id = f.id)
      limit ${limit}
      on conflict (file_id) do nothing
      returning file_id
    `);
    return rowsOf(result).length;
  }

  /**
   * Takes the oldest pending row of a live file (or an indexing one whose lease passed) and leases
   * it for `leaseMs`; rows locked by another worker are skipped.
   */
  async claim(leaseMs: number): Promise<IndexRow | null> {
    const result = await this.db.execute(sql`
      update ${fileTextIndex} set status = 'indexing',
        lease_until = now() + ${leaseMs} * interval '1 millisecond'
      where file_id = (
        select i.file_id from ${fileTextIndex} i
        join ${files} f on f.id = i.file_id and f.deleted_at is null
        -- A pending row's lease is the time of its next try (after a failed one); an indexing
        -- row's, when its worker is presumed gone.
        where i.status in ('pending', 'indexing') and (i.lease_until is null or i.lease_until < now())
        order by i.created_at, i.file_id
        limit 1
        for update of i skip locked
      )
      returning file_id
    `);
    const fileId = rowsOf<{ file_id: string }>(result)[0]?.file_id;
    if (!fileId) return null;
    return (await this.db.select().from(fileTextIndex).where(eq(fileTextIndex.fileId, fileId)))[0] ?? null;
  }

  /**
   * Replaces the file's chunks and marks it indexed, in one transaction. `embedding`: the vectors
   * (same order) and their model, or null when no provider answered (all pending). False when the
   * file was purged meanwhile.
   */
  async store(
    row: Pick<IndexRow, 'fileId' | 'userId'>,
    chunks: TextChunk[],
    embedding: { model: string; vectors: number[][] } | null,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const live = await tx
        .select({ id: files.id })
        .from(files)
        .where(eq(files.id, row.fileId))
        .for('update');
      if (live.length === 0) return false;
      await tx.delete(fileTextChunks).where(eq(fileTextChunks.fileId, row.fileId));
      for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
        await tx.insert(fileTextChunks).values(
          chunks.slice(i, i + INSERT_BATCH).map((c, k) => ({
            fileId: row.fileId,
            userId: row.userId,
            chunkIndex: i + k,
            content: c.content,
            charStart: c.charStart,
            embedding: embedding?.vectors[i + k] ?? null,
          })),
        );
      }
      await tx
        .update(fileTextIndex)
        .set({
          status: 'indexed',
          chunkCount: chunks.length,
          pendingEmbeddings: embedding ? 0 : chunks.length,
          embeddingModel: embedding?.model ?? null,
          error: null,
          failures: 0,
          leaseUntil: null,
          indexedAt: sql`now()`,
        })
        .where(eq(fileTextIndex.fileId, row.fileId));
      return true;
    });
  }

  /** A file with no text to index: kept as 'unreadable' so it is not tried again. */
  async markUnreadable(fileId: string, message: string): Promise<void> {
    await this.db
      .update(fileTextIndex)
      .set({ status: 'unreadable', error: message, leaseUntil: null, chunkCount: 0, pendingEmbeddings: 0 })
      .where(eq(fileTextIndex.fileId, fileId));
  }

  /**
   * A failed try: back to pending, due again after `retryMs` times 4 per earlier failure, or
   * 'failed' after `maxTries`. Returns the new status.
   */
  async fail(fileId: string, message: string, maxTries: number, retryMs: number): Promise<string | null> {
    const result = await this.db.execute(sql`
      update ${fileTextIndex} set failures = failures + 1, error = ${message},
        status = case when failures + 1 >= ${maxTries} then 'failed' else 'pending' end,
        lease_until = case when failures + 1 >= ${maxTries} then null
          else now() + ${retryMs}::float8 * power(4, failures) * interval '1 millisecond' end
      where file_id = ${fileId}
      returning status
    `);
    return rowsOf<{ status: string }>(result)[0]?.status ?? null;
  }

  /** Back to the queue untouched (the file was binned after it was claimed; a restore indexes it). */
  async release(fileId: string): Promise<void> {
    await this.db
      .update(fileTextIndex)
      .set({ status: 'pending', leaseUntil: null })
      .where(and(eq(fileTextIndex.fileId, fileId), eq(fileTextIndex.status, 'indexing')));
  }

  /** Indexed files with chunks still to embed (a provider was missing when they were indexed). */
  async filesPendingEmbeddings(limit: number): Promise<{ fileId: string; userId: string }[]> {
    return this.db
      .select({ fileId: fileTextIndex.fileId, userId: fileTextIndex.userId })
      .from(fileTextIndex)
      .where(and(eq(fileTextIndex.status, 'indexed'), sql`${fileTextIndex.pendingEmbeddings} > 0`))
      .orderBy(fileTextIndex.indexedAt)
      .limit(limit);
  }

  async chunksWithoutEmbedding(fileId: string): Promise<{ chunkIndex: number; content: string }[]> {
    return this.db
      .select({ chunkIndex: fileTextChunks.chunkIndex, content: fileTextChunks.content })
      .from(fileTextChunks)
      .where(and(eq(fileTextChunks.fileId, fileId), sql`${fileTextChunks.embedding} is null`))
      .orderBy(fileTextChunks.chunkIndex);
  }

  /**
   * Files embedded with another model than `model` go back to waiting for embeddings (their chunks'
   * vectors cleared in the same statement). Returns the owners whose index changed.
   */
  async requeueOtherModels(model: string): Promise<string[]> {
    const rows = rowsOf<{ user_id: string }>(
      await this.db.execute(sql`
        with stale as (
          update ${fileTextIndex} set embedding_model = null, pending_embeddings = chunk_count,
            indexed_at = now()
          where embedding_model is not null and embedding_model <> ${model}
          returning file_id, user_id
        ), cleared as (
          update ${fileTextChunks} c set embedding = null from stale where c.file_id = stale.file_id
        )
        select distinct user_id from stale`),
    );
    return rows.map((r) => r.user_id);
  }

  /** Stores vectors of some of a file's chunks and recounts what is left to embed. */
  async setEmbeddings(
    fileId: string,
    model: string,
    rows: { chunkIndex: number; vector: number[] }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(${r.chunkIndex}::int, ${arrayLiteral(r.vector)}::real[])`),
      sql`, `,
    );
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        update ${fileTextChunks} c set embedding = v.e
        from (values ${values}) as v(i, e)
        where c.file_id = ${fileId} and c.chunk_index = v.i
      `);
      await tx.execute(sql`
        update ${fileTextIndex} set embedding_model = ${model}, indexed_at = now(),
          pending_embeddings = (select count(*)::int from ${fileTextChunks} c
            where c.file_id = ${fileId} and c.embedding is null)
        where file_id = ${fileId}
      `);
    });
  }

  /** Every embedded chunk vector of the user, with the model that made it, and the index's stamp. */
  async vectorsOf(
    userId: string,
  ): Promise<{ stamp: IndexStamp; rows: (ChunkKey & { model: string | null; embedding: number[] })[] }> {
    const [stamp, rows] = await Promise.all([
      this.stamp(userId),
      this.db
        .select({
          fileId: fileTextChunks.fileId,
          chunkIndex: fileTextChunks.chunkIndex,
          embedding: fileTextChunks.embedding,
          model: fileTextIndex.embeddingModel,
        })
        .from(fileTextChunks)
        .innerJoin(fileTextIndex, eq(fileTextIndex.fileId, fileTextChunks.fileId))
        .where(and(eq(fileTextChunks.userId, userId), sql`${fileTextChunks.embedding} is not null`)),
    ]);
    return { stamp, rows: rows as (ChunkKey & { model: string | null; embedding: number[] })[] };
  }

  async stamp(userId: string): Promise<IndexStamp> {
    const result = await this.db.execute(sql`${stampSql(userId)}`);
    return toStamp(rowsOf<StampRow>(result)[0]);
  }

  /**
   * The text query, one statement: the best full-text hits among the user's live files' chunks (the
   * GIN index on user and search vector), each with its file's name, and the index's stamp (one
   * row even when nothing matched).
   */
  async find(req: FindRequest): Promise<{ stamp: IndexStamp; chunks: FoundChunk[] }> {
    const { userId } = req;
    const tsq =
      req.text?.mode === 'any-word'
        ? sql`to_tsquery('english', ${req.text.words.join(' | ')})`
        : req.text?.mode === 'websearch'
          ? sql`websearch_to_tsquery('english', ${req.text.query})`
          : null;
    if (!tsq) return { stamp: await this.stamp(userId), chunks: [] };
    // Only for the hits kept (ts_headline parses the text again).
    const headline = req.headline
      ? sql`ts_headline('english', t.content, ${tsq}, ${HEADLINE_OPTIONS})`
      : sql`null::text`;
    // The query is written out where it is used (not read from a CTE), so the planner sees a
    // constant and takes the GIN index on (user_id, search_vector).
    const result = await this.db.execute(sql`
      with text_hits as (
        select c.file_id, c.chunk_index, c.content, c.char_start, f.name, f.mime_type,
          ts_rank(c.search_vector, ${tsq}) as rank
        from ${fileTextChunks} c
        join ${files} f on f.id = c.file_id and f.owner_id = ${userId} and f.deleted_at is null
        where c.user_id = ${userId} and c.search_vector @@ ${tsq}
        order by rank desc, c.file_id, c.chunk_index
        limit ${req.textLimit}
      ),
      found as (select t.*, ${headline} as headline from text_hits t),
      stamp as (${stampSql(userId)})
      select s.*, found.* from stamp s left join found on true
    `);
    const rows = rowsOf<StampRow & FoundRow>(result);
    return {
      stamp: toStamp(rows[0]),
      chunks: rows.filter((r) => r.file_id !== null).map(toFound),
    };
  }

  /** Chunks by key, of the user's live files only (those the vector scan found and the text query did not). */
  async chunksByKeys(userId: string, keys: ChunkKey[]): Promise<FoundChunk[]> {
    if (keys.length === 0) return [];
    const result = await this.db.execute(sql`
      select c.file_id, c.chunk_index, c.content, c.char_start, f.name, f.mime_type
      from unnest(${arrayLiteral(keys.map((k) => k.fileId))}::uuid[], ${arrayLiteral(keys.map((k) => k.chunkIndex))}::int[])
        as v(file_id, chunk_index)
      join ${fileTextChunks} c on c.file_id = v.file_id and c.chunk_index = v.chunk_index
      join ${files} f on f.id = c.file_id and f.owner_id = ${userId} and f.deleted_at is null
      where c.user_id = ${userId}
    `);
    return rowsOf<FoundRow>(result).map((r) => toFound({ ...r, rank: null, headline: null }));
  }

  /**
   * Fresh planner statistics of the chunks: PGlite runs no autovacuum, and with none the text
   * query is planned as if the table were empty (a loop over the user's files instead of the GIN index).
   */
  async analyze(): Promise<void> {
    await this.db.execute(sql`analyze ${fileTextChunks}, ${fileTextIndex}`);
  }

  /** How the user's files stand in the index (content search says when some are still being read). */
  async progress(userId: string): Promise<{ indexed: number; pending: number }> {
    const result = await this.db.execute(sql`
      select count(*) filter (where i.status = 'indexed')::int as indexed,
        count(*) filter (where i.status in ('pending', 'indexing'))::int as pending
      from ${fileTextIndex} i
      join ${files} f on f.id = i.file_id and f.deleted_at is null
      where i.user_id = ${userId}
    `);
    const r = rowsOf<{ indexed: number | string; pending: number | string }>(result)[0];
    return { indexed: Number(r?.indexed ?? 0), pending: Number(r?.pending ?? 0) };
  }
}

interface StampRow {
  stamp_files: number | string;
  stamp_embedded: number | string;
  stamp_at: string | Date | null;
}
interface FoundRow {
  file_id: string | null;
  chunk_index: number | null;
  content: string | null;
  char_start: number | null;
  name: string | null;
  mime_type: string | null;
  rank: number | string | null;
  headline: string | null;
}

function toFound(r: FoundRow): FoundChunk {
  return {
    fileId: r.file_id as string,
    chunkIndex: Number(r.chunk_index),
    fileName: r.name as string,
    mimeType: r.mime_type as string,
    content: r.content as string,
    charStart: Number(r.char_start),
    textRank: r.rank === null ? null : Number(r.rank),
    headline: r.headline,
  };
}

function stampSql(userId: string) {
  return sql`select count(*)::int as stamp_files,
      coalesce(sum(chunk_count - pending_embeddings), 0)::int as stamp_embedded,
      max(indexed_at) as stamp_at
    from ${fileTextIndex} where user_id = ${userId} and status = 'indexed'`;
}

function toStamp(r: StampRow | undefined): IndexStamp {
  const at = r?.stamp_at ?? null;
  return {
    files: Number(r?.stamp_files ?? 0),
    embedded: Number(r?.stamp_embedded ?? 0),
    lastIndexedAt: at === null ? null : new Date(at).toISOString(),
  };
}
