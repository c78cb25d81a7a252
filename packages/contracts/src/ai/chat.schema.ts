import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
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

export const chatBodySchema = z.object({
  message: z.string().trim().min(1).max(20000),
  model: z.string().trim().min(1).max(200).optional(),
  provider: z.enum(AI_CALLABLE_PROVIDERS).optional(),
  conversationId: z.uuid().optional(),
  temperature: z.number().min(0.1).max(1).default(0.8),
});
export type ChatBody = z.infer<typeof chatBodySchema>;

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
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationsReplySchema = dataEnvelope(
  z.object({ conversations: z.array(conversationSummarySchema) }),
);
export const conversationReplySchema = dataEnvelope(
  z.object({ conversation: conversationSummarySchema, messages: z.array(chatMessageSchema) }),
);
export type ConversationReply = z.infer<typeof conversationReplySchema>;

/** PATCH: rename, and/or clear the messages. */
export const conversationPatchBodySchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    clear: z.boolean().optional(),
  })
  .refine((b) => b.title !== undefined || b.clear === true, { message: 'Give a title or clear: true' });

export const chatFeedbackParamsSchema = z.object({ messageId: z.uuid() });
export const chatFeedbackBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().max(2000).optional(),
});
