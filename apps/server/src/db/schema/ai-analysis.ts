import type { AnalysisInsight, AnalysisStatus } from '@stratos/contracts/ai/analysis.schema';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './identity';

/**
 * One analysis per file (issue 5 "File analysis"): the row is the queue entry while pending or
 * running, and the stored result once completed. A re-analysis updates it in place and adds a run.
 */
export const aiFileAnalyses = pgTable(
  'ai_file_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AnalysisStatus>().notNull().default('pending'),
    summary: text('summary'),
    category: text('category'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    insights: jsonb('insights').$type<AnalysisInsight[]>().notNull().default([]),
    recommendations: jsonb('recommendations').$type<string[]>().notNull().default([]),
    confidence: real('confidence'),
    model: text('model'),
    provider: text('provider'),
    charsAnalyzed: integer('chars_analyzed'),
    truncated: boolean('truncated').notNull().default(false),
    error: text('error'),
    runs: integer('runs').notNull().default(0),
    /** Failed tries since the last success; the worker gives up after a few. */
    failures: integer('failures').notNull().default(0),
    /** A running row whose lease passed is taken again (its worker died). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_file_analyses_user_status_idx').on(t.userId, t.status),
    index('ai_file_analyses_queue_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'running')`),
  ],
);
