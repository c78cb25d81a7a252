import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

const statusEnum = ['unknown', 'available', 'unavailable', 'error'] as const;

/**
 * Platform settings and last health check of each AI provider (one row per provider, created on
 * first write). Keys are AES-256-GCM ciphertext (ai/providers/secret-box.ts), never plain text.
 */
export const aiProviderSettings = pgTable('ai_provider_settings', {
  providerId: text('provider_id').primaryKey(),
  apiKeyEnc: text('api_key_enc'),
  baseUrl: text('base_url'),
  enabled: boolean('enabled').notNull().default(true),
  status: text('status', { enum: statusEnum }).notNull().default('unknown'),
  lastResponseMs: integer('last_response_ms'),
  availableModels: jsonb('available_models').$type<string[]>().notNull().default([]),
  error: text('error'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's own provider keys, encrypted at rest, with the result of checking them. */
export const aiUserKeys = pgTable(
  'ai_user_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    apiKeyEnc: text('api_key_enc').notNull(),
    maskedKey: text('masked_key').notNull(),
    status: text('status', { enum: statusEnum }).notNull().default('unknown'),
    error: text('error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);

/**
 * One row per provider call (each attempt of a fallback chain), successful or not. Embedding calls
 * (operation 'embedding') are rows too; those the platform makes for no one (indexing the shared
 * knowledge base, provider checks) have no user.
 */
export const aiUsageLog = pgTable(
  'ai_usage_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    operation: text('operation').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    tokensUsed: integer('tokens_used').notNull().default(0),
    /** US dollars, from the per-token table (part 2 section 9); 0 for free providers. */
    cost: doublePrecision('cost').notNull().default(0),
    responseTimeMs: integer('response_time_ms').notNull(),
    success: boolean('success').notNull(),
    error: text('error'),
    streamed: boolean('streamed').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_usage_log_user_created_idx').on(t.userId, t.createdAt)],
);
