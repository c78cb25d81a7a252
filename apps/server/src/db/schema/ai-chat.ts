import type { ChatQuality } from '@stratos/contracts/ai/chat.schema';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** A user's chat conversation (issue 5 "Chat"). */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's name for it ('default', a page's key, ...): unique per user; null when it has none. */
    clientKey: text('client_key'),
  },
  (t) => [
    index('ai_conversations_user_updated_idx').on(t.userId, t.updatedAt),
    uniqueIndex('ai_conversations_user_key_idx')
      .on(t.userId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** Messages of a conversation; only the last 10 turns are kept (part 2 section 9). */
export const aiChatMessages = pgTable(
  'ai_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant', 'system'] }).notNull(),
    content: text('content').notNull(),
    model: text('model'),
    provider: text('provider'),
    quality: jsonb('quality').$type<ChatQuality>(),
    attempt: integer('attempt'),
    forced: boolean('forced').notNull().default(false),
    isError: boolean('is_error').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_chat_messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);

/** A user's rating of an assistant message, kept for the learning loop. */
export const aiChatFeedback = pgTable(
  'ai_chat_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => aiChatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_chat_feedback_message_idx').on(t.messageId)],
);
