import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';

/** Labels a user puts on their files (the AI assistant's "tag" action writes them). */
export const fileTags = pgTable(
  'file_tags',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** The file's owner, copied so "my files tagged x" reads one index. */
    ownerId: uuid('owner_id').notNull(),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.tag] }), index('file_tags_owner_tag_idx').on(t.ownerId, t.tag)],
);
