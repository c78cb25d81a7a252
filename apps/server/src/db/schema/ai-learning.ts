import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { aiChatFeedback } from './ai-chat';
import { aiKnowledgeBase, aiLearningImprovements, aiLearningInteractions } from './ai-knowledge';
import { users } from './identity';

/**
 * The active learning loop of part 2 sections 4, 5, 9 (issue 17): its one settings row, the cycles
 * it ran with their measured figures, the suggestions it made (and the prompt guidance applying
 * them switches on), feedback waiting to be processed, and which interactions became knowledge.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** One row (id 1): learning on or off, and the superadmin's kill switch. */
export const aiLearningSettings = pgTable(
  'ai_learning_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    killSwitch: boolean('kill_switch').notNull().default(false),
    startedAt: stamp('started_at'),
    /** Whose start it was: scheduled cycles act (and call the model) as them. */
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [check('ai_learning_settings_single_row', sql`${t.id} = 1`)],
);

export const aiLearningCycles = pgTable(
  'ai_learning_cycles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** schedule | manual. */
    trigger: text('trigger').notNull(),
    /** running | succeeded | failed. */
    status: text('status').notNull().default('running'),
    startedAt: stamp('started_at').notNull().defaultNow(),
    finishedAt: stamp('finished_at'),
    durationMs: integer('duration_ms'),
    /** Server CPU outside the model calls, milliseconds. */
    cpuMs: real('cpu_ms'),
    interactionsRead: integer('interactions_read').notNull().default(0),
    interactionsAnalysed: integer('interactions_analysed').notNull().default(0),
    /** ok | failed | skipped. */
    modelStep: text('model_step').notNull().default('skipped'),
    modelError: text('model_error'),
    figures: jsonb('figures').$type<Record<string, number | null>>().notNull().default({}),
    thresholdsExceeded: text('thresholds_exceeded').array().notNull().default(sql`'{}'::text[]`),
    patterns: jsonb('patterns').$type<Array<{ word: string; frequency: number }>>().notNull().default([]),
    feedback: jsonb('feedback').$type<Record<string, number>>().notNull().default({}),
    improvementsStored: integer('improvements_stored').notNull().default(0),
    knowledgeItemsCreated: integer('knowledge_items_created').notNull().default(0),
    totals: jsonb('totals').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [index('ai_learning_cycles_started_idx').on(t.startedAt)],
);

/**
 * The suggestion store: the improvements a cycle made (at most 50 kept) and any improvement applied
 * from the console. While `active`, `guidance` goes into the assistant's system prompt for `domain`
 * (every domain when null).
 */
export const aiLearningSuggestions = pgTable(
  'ai_learning_suggestions',
  {
    improvementId: uuid('improvement_id')
      .primaryKey()
      .references(() => aiLearningImprovements.id, { onDelete: 'cascade' }),
    cycleId: uuid('cycle_id').references(() => aiLearningCycles.id, { onDelete: 'set null' }),
    /** threshold | pattern | feedback | model; null for an improvement not made by a cycle. */
    source: text('source'),
    domain: text('domain'),
    guidance: text('guidance').notNull(),
    active: boolean('active').notNull().default(false),
    revertedAt: stamp('reverted_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ai_learning_suggestions_created_idx').on(t.createdAt),
    index('ai_learning_suggestions_active_idx').on(t.domain).where(sql`${t.active}`),
  ],
);

/** Feedback for the loop: chat ratings (copied in by a cycle) and manual feedback from the console. */
export const aiLearningFeedback = pgTable(
  'ai_learning_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** chat | console. */
    source: text('source').notNull(),
    chatFeedbackId: bigint('chat_feedback_id', { mode: 'number' })
      .unique()
      .references(() => aiChatFeedback.id, { onDelete: 'cascade' }),
    interactionId: uuid('interaction_id').references(() => aiLearningInteractions.id, {
      onDelete: 'set null',
    }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating'),
    text: text('text'),
    /** positive (rating >= 4) | negative (<= 2) | neutral. */
    sentiment: text('sentiment').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    processedAt: stamp('processed_at'),
    cycleId: uuid('cycle_id').references(() => aiLearningCycles.id, { onDelete: 'set null' }),
  },
  (t) => [index('ai_learning_feedback_unprocessed_idx').on(t.createdAt).where(sql`${t.processedAt} is null`)],
);

/** Interactions that became knowledge items (section 5), so no reply is stored twice. */
export const aiLearningDerivedKnowledge = pgTable('ai_learning_derived_knowledge', {
  interactionId: uuid('interaction_id')
    .primaryKey()
    .references(() => aiLearningInteractions.id, { onDelete: 'cascade' }),
  knowledgeId: uuid('knowledge_id').references(() => aiKnowledgeBase.id, { onDelete: 'set null' }),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/**
 * The per-interaction learning queue (part 2 section 4: "a learning run is triggered 1 s after a
 * query"): a chat exchange's statement adds a row for its interaction while learning is on, due 1 s
 * later; a worker claims due rows under a lease, learns from the interaction and deletes the row.
 * One row per interaction (the key), so an interaction is learned from once.
 */
export const aiLearningQueue = pgTable(
  'ai_learning_queue',
  {
    interactionId: uuid('interaction_id')
      .primaryKey()
      .references(() => aiLearningInteractions.id, { onDelete: 'cascade' }),
    dueAt: stamp('due_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: stamp('lease_until'),
    lastError: text('last_error'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_learning_queue_due_idx').on(t.dueAt)],
);
