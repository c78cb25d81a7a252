import { z } from 'zod';
import { multiLineText, singleLineText } from '../common/text.schema';

/** Knowledge search (part 2 sections 5 and 7, issue 16 "Retrieval"): `POST /api/ai/knowledge-search`. */

export const KNOWLEDGE_SEARCH_DEFAULT_LIMIT = 10;
export const KNOWLEDGE_SEARCH_MAX_LIMIT = 50;

export const knowledgeSearchBodySchema = z.strictObject({
  term: multiLineText({ trim: true }).min(1, 'Search term is required').max(1000),
  limit: z.int().min(1).max(KNOWLEDGE_SEARCH_MAX_LIMIT).default(KNOWLEDGE_SEARCH_DEFAULT_LIMIT),
  /** A knowledge domain ("machine_learning"); items of it get the section 5 domain bonus (+0.3). */
  domain: singleLineText({ trim: true }).min(1).max(100).optional(),
});
export type KnowledgeSearchBody = z.input<typeof knowledgeSearchBodySchema>;

/**
 * What found an item: keywords of the term and its domain (the section 5 rule), full-text search,
 * embeddings (similarity at least 0.3).
 */
export const KNOWLEDGE_SIGNALS = ['keywords', 'domain', 'fulltext', 'vector'] as const;
export const knowledgeSignalSchema = z.enum(KNOWLEDGE_SIGNALS);
export type KnowledgeSignal = z.infer<typeof knowledgeSignalSchema>;

export const knowledgeSearchItemSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  type: z.string(),
  title: z.string(),
  /** Up to about 240 characters of the content, around the first matching keyword. */
  snippet: z.string(),
  content: z.string(),
  keywords: z.array(z.string()),
  difficulty_level: z.string(),
  /** The section 5 retrieval relevance: 0.5 + 0.2 per matching keyword + 0.3 for the domain, capped at 1. */
  relevance: z.number(),
  /** The fused score the items are ordered by (reciprocal rank fusion of the signals). */
  score: z.number(),
  /** Cosine similarity of the term's and the item's embeddings; null when not compared. */
  similarity: z.number().nullable(),
  matched: z.array(knowledgeSignalSchema),
});
export type KnowledgeSearchItem = z.infer<typeof knowledgeSearchItemSchema>;

export const knowledgeSearchReplySchema = z.object({
  success: z.literal(true),
  items: z.array(knowledgeSearchItemSchema),
  /** hybrid: text and embeddings; text: no embedding provider answered, so text signals alone. */
  mode: z.enum(['hybrid', 'text']),
  /** Why the search ran on text alone. */
  reason: z.string().optional(),
  /** The embedding model the term was compared with (hybrid mode). */
  embeddingModel: z.string().optional(),
  /** The keywords taken from the term (section 5: top 10 words longer than 3 characters). */
  keywords: z.array(z.string()),
});
export type KnowledgeSearchReply = z.infer<typeof knowledgeSearchReplySchema>;

/** The section 8 message of a failed search. */
export const KNOWLEDGE_SEARCH_FAILED = 'Knowledge search failed';
