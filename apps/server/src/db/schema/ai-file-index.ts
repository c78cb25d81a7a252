import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './identity';

/**
 * The per-user index of file contents (issue 16 "Answers from your files"): each readable file's
 * extracted text, cut into chunks that chat retrieval and the Files page's content search read.
 * Chunks die with their file (cascade); a binned file's chunks stay but every read joins the live
 * file, so binning drops it from answers at once and a restore brings it back without re-indexing.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One row per file: the indexing queue entry, then the record of what was indexed. */
export const fileTextIndex = pgTable(
  'file_text_index',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | indexing | indexed | unreadable | failed. */
    status: text('status').notNull().default('pending'),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** Chunks whose embedding is still to be computed (no embedding provider answered yet). */
    pendingEmbeddings: integer('pending_embeddings').notNull().default(0),
    embeddingModel: text('embedding_model'),
    error: text('error'),
    failures: integer('failures').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
  },
  (t) => [
    index('file_text_index_queue_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'indexing')`),
    index('file_text_index_user_idx').on(t.userId, t.status),
  ],
);

export const fileTextChunks = pgTable(
  'file_text_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    /** Denormalised owner: every read is scoped by it, with the index below. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Where the chunk starts in the extracted text (for snippets and ordering). */
    charStart: integer('char_start').notNull(),
    /** Unit length; null while pending. */
    embedding: real('embedding').array(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.chunkIndex] }),
    index('file_text_chunks_user_idx').on(t.userId),
    index('file_text_chunks_search_idx').using('gin', t.userId, t.searchVector),
  ],
);
