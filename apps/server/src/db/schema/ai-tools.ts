import type { AssistantActionResult } from '@stratos/contracts/ai/assistant.schema';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { aiLearningInteractions } from './ai-knowledge';
import { users } from './identity';

/**
 * What a user did with a recommendation (issue 17 "AI pages"): marked done or dismissed. A
 * recommendation with no row is open. The key names the source and the item (see recommendations/).
 */
export const aiRecommendationStates = pgTable(
  'ai_recommendation_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recKey: text('rec_key').notNull(),
    state: text('state', { enum: ['done', 'dismissed'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recKey] })],
);

/** A reviewer's mark on an interaction for the training dataset; only included ones are exported. */
export const aiTrainingReviews = pgTable(
  'ai_training_reviews',
  {
    interactionId: uuid('interaction_id')
      .primaryKey()
      .references(() => aiLearningInteractions.id, { onDelete: 'cascade' }),
    review: text('review', { enum: ['included', 'excluded'] }).notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_training_reviews_review_idx').on(t.review)],
);

/**
 * The assistant's actions on files: proposed, then confirmed (run) or cancelled. The log of what
 * the assistant did, and the guard that nothing runs without the user's yes.
 */
export const aiAssistantActions = pgTable(
  'ai_assistant_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['summarize', 'tag', 'move'] }).notNull(),
    status: text('status', { enum: ['proposed', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('proposed'),
    /** The files with their names when proposed (a file binned since keeps its name here). */
    files: jsonb('files').$type<{ id: string; name: string }[]>().notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    folderId: uuid('folder_id'),
    folderPath: text('folder_path'),
    reason: text('reason'),
    request: text('request'),
    result: jsonb('result').$type<AssistantActionResult>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * While running: the process doing it renews this; once past, that process is gone and the
     * recovery sweep marks the action failed (interrupted) so the user can retry it.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('ai_assistant_actions_user_created_idx').on(t.userId, t.createdAt),
    index('ai_assistant_actions_running_idx').on(t.leaseUntil).where(sql`${t.status} = 'running'`),
  ],
);
