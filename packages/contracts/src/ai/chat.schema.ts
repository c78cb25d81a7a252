import { z } from 'zod';
import { dataEnvelope, limitQuerySchema } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';
import { AI_CALLABLE_PROVIDERS } from './providers.schema';

/** AI chat (part 2 sections 3, 4, 5, 7, 9; issue 5 "Chat"). */

export const QUALITY_CATEGORIES = ['poor', 'fair', 'good', 'excellent', 'canned', 'forced', 'error'] as const;
export const qualityCategorySchema = z.enum(QUALITY_CATEGORIES);
export type QualityCategory = z.infer<typeof qualityCategorySchema>;

export const qualitySchema = z.object({
  score: z.number(),
  category: qualityCategorySchema,
  issues: z.array(z.string()),
});
export type ChatQuality = z.infer<typeof qualitySchema>;

export const CONVERSATION_KEY_MAX = 100;
export const CHAT_MAX_RETRIES = 3;

/**
 * Names one of the caller's conversations: a server-issued id, or a key the client chose
 * ('default', a page's route parameter, ...) that names the caller's own conversation, created on
 * first use. Exact (not trimmed); never another user's.
 */
export const conversationIdSchema = singleLineText()
  .min(1)
  .max(CONVERSATION_KEY_MAX)
  .refine((v) => v.trim().length > 0, { message: 'A conversation id cannot be blank' });

export const chatBodySchema = z.strictObject({
  message: multiLineText({ trim: true }).min(1).max(20000),
  model: singleLineText({ trim: true }).min(1).max(200).optional(),
  provider: z.enum(AI_CALLABLE_PROVIDERS).optional(),
  conversationId: conversationIdSchema.optional(),
  temperature: z.number().min(0.1).max(1).default(0.8),
  /** The specification's chat client sends it: at most this many attempts at a reply that is not canned. */
  maxRetries: z.number().int().min(1).max(CHAT_MAX_RETRIES).optional(),
  /** Answer from the caller's own files (the chat settings' "Use my files"); on unless turned off. */
  useFiles: z.boolean().default(true),
});
export type ChatBody = z.infer<typeof chatBodySchema>;

/** A file whose text was put in the prompt for this reply. */
export const chatSourceSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  /** The start of the best passage used. */
  snippet: z.string().optional(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

export const chatReplySchema = z.object({
  success: z.literal(true),
  response: z.string(),
  model: z.string(),
  provider: z.string(),
  conversationId: z.uuid(),
  messageId: z.uuid(),
  quality: qualitySchema,
  attempts: z.number().int(),
  forced: z.boolean(),
  /** The user's files the reply was given (empty when none matched or "Use my files" is off). */
  sources: z.array(chatSourceSchema),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  createdAt: z.string(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  quality: qualitySchema.nullable(),
  attempt: z.number().int().nullable(),
  forced: z.boolean(),
  isError: z.boolean(),
  /** A reply's sources (its metadata.sources), empty for questions and replies without any. */
  sources: z.array(chatSourceSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  /** The client's key for it ('default', ...), when it was created under one. */
  key: z.string().nullable(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET/PATCH/DELETE /api/ai/conversations/{id}: a server id or the client's key. */
export const conversationParamsSchema = z.object({ id: conversationIdSchema });
export const CONVERSATIONS_DEFAULT_LIMIT = 200;
export const CONVERSATIONS_MAX_LIMIT = 200;
export const conversationsQuerySchema = limitQuerySchema(
  CONVERSATIONS_DEFAULT_LIMIT,
  CONVERSATIONS_MAX_LIMIT,
);

export const conversationsReplySchema = dataEnvelope(
  z.object({ conversations: z.array(conversationSummarySchema) }),
);
export const conversationReplySchema = dataEnvelope(
  z.object({ conversation: conversationSummarySchema, messages: z.array(chatMessageSchema) }),
);
export type ConversationReply = z.infer<typeof conversationReplySchema>;

/** PATCH: rename, and/or clear the messages. */
export const conversationPatchBodySchema = z
  .strictObject({
    title: singleLineText({ trim: true }).min(1).max(200).optional(),
    clear: z.boolean().optional(),
  })
  .refine((b) => b.title !== undefined || b.clear === true, { message: 'Give a title or clear: true' });

export const chatFeedbackParamsSchema = z.object({ messageId: z.uuid() });
export const chatFeedbackBodySchema = z.strictObject({
  rating: z.number().int().min(1).max(5),
  comment: multiLineText().max(2000).optional(),
});
