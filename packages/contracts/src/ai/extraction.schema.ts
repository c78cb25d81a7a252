import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';

/**
 * Knowledge extraction and the superadmin's enhancement query (part 2 sections 2, 4, 5, 7, 9;
 * issue 17). Superadmin only.
 */

/** The five prompt types each domain is asked (section 9), in the order they are asked. */
export const EXTRACTION_PROMPT_TYPES = [
  'concepts',
  'best_practices',
  'code_examples',
  'troubleshooting',
  'advanced_topics',
] as const;
export type ExtractionPromptType = (typeof EXTRACTION_PROMPT_TYPES)[number];

/** Pauses of section 9 (milliseconds). */
export const EXTRACTION_PAUSES = { betweenDomainsMs: 2000, betweenPromptsMs: 1000 } as const;
/** Segments of a reply shorter than this are dropped (section 5). */
export const EXTRACTION_MIN_SEGMENT = 50;

export const EXTRACTION_MESSAGES = {
  alreadyRunning:
    'A knowledge extraction is already in progress; follow it on GET /api/ai/extraction/progress and try again when it ends',
  notRunning: 'No knowledge extraction is in progress',
  unknownDomain: (d: string) => `Unknown knowledge domain: ${d}`,
  queryRequired: 'A query is required',
} as const;

/** POST /api/ai/extraction/start: all 30 domains, or the named ones (in the catalogue's order). */
export const extractionStartBodySchema = z
  .strictObject({
    domains: z.array(singleLineText().min(1).max(100)).min(1).max(30).optional(),
  })
  .nullish();
export type ExtractionStartBody = z.infer<typeof extractionStartBodySchema>;

export const extractionProgressSchema = z.object({
  isExtracting: z.boolean(),
  status: z.enum(['running', 'stopping', 'succeeded', 'stopped', 'failed']),
  /** The domain being asked (null before the first and after the last). */
  currentDomain: z.string().nullable(),
  currentPromptType: z.enum(EXTRACTION_PROMPT_TYPES).nullable(),
  /** 1-based number of the current domain; domainsCompleted counts the finished ones. */
  domainIndex: z.number().int(),
  domainsCompleted: z.number().int(),
  totalDomains: z.number().int(),
  promptsDone: z.number().int(),
  totalPrompts: z.number().int(),
  /** Prompts the model failed to answer (no provider, errors); the run goes on. */
  promptsFailed: z.number().int(),
  /** Knowledge items stored in ai_knowledge_base. */
  itemsStored: z.number().int(),
  /** Items already present (same content): not stored again. */
  duplicatesSkipped: z.number().int(),
  /** Segments shorter than 50 characters, dropped. */
  segmentsDropped: z.number().int(),
  tokensUsed: z.number().int(),
  /** Dollars charged for the run's calls. */
  cost: z.number(),
  /** Models that answered. */
  models: z.array(z.string()),
  lastError: z.string().nullable(),
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime().nullable(),
});
export type ExtractionProgress = z.infer<typeof extractionProgressSchema>;

export const extractionDomainSchema = z.object({ domain: z.string(), label: z.string() });

export const extractionStatusSchema = z.object({
  isExtracting: z.boolean(),
  /** The run in progress or, when idle, the last run of this server (null when none). */
  progress: extractionProgressSchema.nullable(),
  domains: z.array(extractionDomainSchema),
  promptTypes: z.array(z.enum(EXTRACTION_PROMPT_TYPES)),
  /** Items in ai_knowledge_base that extraction stored, all runs. */
  extractedItems: z.number().int(),
});
export type ExtractionStatus = z.infer<typeof extractionStatusSchema>;
export const extractionStatusReplySchema = dataEnvelope(extractionStatusSchema);
export type ExtractionStatusReply = z.infer<typeof extractionStatusReplySchema>;

/** POST /api/ai/enhancement/query (section 7). */
export const enhancementQueryBodySchema = z.strictObject({
  query: multiLineText({ trim: true }).min(1, { message: EXTRACTION_MESSAGES.queryRequired }).max(8000),
  /** Store the result in ai_knowledge_enhancement and ai_insights. */
  store: z.boolean().optional(),
  /** A model to ask; gpt-4 by default, or the best available. */
  model: singleLineText({ trim: true }).min(1).max(200).optional(),
});
export type EnhancementQueryBody = z.infer<typeof enhancementQueryBodySchema>;

/** The specification's reply (response, model, tokens, cost) plus where it went and what was stored. */
export const enhancementQueryReplySchema = z.object({
  success: z.literal(true),
  response: z.string(),
  model: z.string(),
  provider: z.string(),
  tokens: z.number().int(),
  cost: z.number(),
  responseTimeMs: z.number().int(),
  stored: z.object({ enhancementId: z.uuid(), insightId: z.string() }).nullable(),
});
export type EnhancementQueryReply = z.infer<typeof enhancementQueryReplySchema>;
