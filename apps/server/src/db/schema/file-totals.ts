import { bigint, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/*
 * Per-user totals over every file row (live and in the recycle bin: both take space), so the
 * dashboard reads a few rows instead of grouping 100,000. Kept by statement triggers on `files`
 * (migration 0015), so every writer of `files` keeps them exact without knowing, in its own
 * transaction. Only commutative increments: parallel writers never need to see each other.
 */

/** Files and bytes per MIME type; a type's row goes when its last file does. */
export const fileTypeTotals = pgTable(
  'file_type_totals',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.mimeType] })],
);

/**
 * How many of a user's files hold each content (blob); a row goes with the last copy. The count
 * each upsert returns tells exactly how the user's deduplication savings change.
 */
export const fileContentCopies = pgTable(
  'file_content_copies',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blobId: uuid('blob_id').notNull(),
    copies: integer('copies').notNull(),
    /** The content's size (every copy has it). */
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.blobId] })],
);

/**
 * Bytes a user's own repeated content does not take twice: the sum over their contents of
 * size x (copies - 1). Content shared only with other accounts never counts (it would tell).
 */
export const fileDedupTotals = pgTable('file_dedup_totals', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  savedBytes: bigint('saved_bytes', { mode: 'number' }).notNull(),
});
