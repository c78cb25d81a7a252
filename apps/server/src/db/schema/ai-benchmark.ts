import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** A benchmark run of the fixed prompt set against the providers available to its user. */
export const aiBenchmarkRuns = pgTable(
  'ai_benchmark_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    providers: jsonb('providers').$type<string[]>().notNull().default([]),
    total: integer('total').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_benchmark_runs_user_started_idx').on(t.userId, t.startedAt),
    // One run at a time per user, across processes: a second insert while one runs fails (409).
    uniqueIndex('ai_benchmark_runs_one_running_idx').on(t.userId).where(sql`${t.status} = 'running'`),
  ],
);

/** One prompt of a run against one provider, as measured. */
export const aiBenchmarkResults = pgTable(
  'ai_benchmark_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => aiBenchmarkRuns.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model'),
    promptId: text('prompt_id').notNull(),
    category: text('category').notNull(),
    success: boolean('success').notNull(),
    error: text('error'),
    answeredBy: text('answered_by'),
    latencyMs: integer('latency_ms').notNull(),
    firstTokenMs: integer('first_token_ms'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    quality: text('quality').notNull(),
    qualityScore: real('quality_score'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_benchmark_results_run_idx').on(t.runId, t.id)],
);
