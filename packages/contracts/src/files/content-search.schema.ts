import { z } from 'zod';
import { dataEnvelope, limitQuery } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

/**
 * GET /api/files/content-search (issue 16 "Search inside files"): the caller's own live files
 * whose extracted text matches the words (full-text) or the meaning (embeddings, when a provider
 * answers), best first, each with a snippet whose matched words are given as ranges, never as markup.
 */

export const CONTENT_SEARCH_QUERY_MAX = 200;
export const CONTENT_SEARCH_DEFAULT_LIMIT = 20;
export const CONTENT_SEARCH_MAX_LIMIT = 50;

export const contentSearchQuerySchema = z.object({
  q: singleLineText({ trim: true })
    .min(1, { message: 'Type something to search for' })
    .max(CONTENT_SEARCH_QUERY_MAX),
  limit: limitQuery(CONTENT_SEARCH_DEFAULT_LIMIT, CONTENT_SEARCH_MAX_LIMIT),
});
export type ContentSearchQuery = z.infer<typeof contentSearchQuerySchema>;

/** `text.slice(start, end)` is a matched word (UTF-16 offsets, as JavaScript counts). */
export const highlightSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });

export const snippetSchema = z.object({ text: z.string(), highlights: z.array(highlightSchema) });
export type Snippet = z.infer<typeof snippetSchema>;

export const contentSearchHitSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  /** How it was found: its words, its meaning, or both. */
  match: z.enum(['text', 'meaning', 'both']),
  /** Fused rank score (higher first); comparable within one reply only. */
  score: z.number(),
  snippet: snippetSchema,
});
export type ContentSearchHit = z.infer<typeof contentSearchHitSchema>;

export const contentSearchReplySchema = dataEnvelope(
  z.object({
    items: z.array(contentSearchHitSchema),
    /** False when no embedding provider answered: the search ran on words alone. */
    meaning: z.boolean(),
    /** The caller's files whose text is indexed, and those still waiting to be read. */
    indexedFiles: z.number().int(),
    pendingFiles: z.number().int(),
  }),
);
export type ContentSearchReply = z.infer<typeof contentSearchReplySchema>;
