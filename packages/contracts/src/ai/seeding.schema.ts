import { z } from 'zod';
import { KNOWLEDGE_DATA_ERRORS } from './knowledge-data.schema';
import { SEEDED_AI_TABLES } from './knowledge-records.schema';

/** Seeding of the eight AI tables (part 2 sections 2, 3, 7, 8, 9; issue 16). */

/** The eight tables in the order they are seeded (a row's references are seeded before it). */
export const SEED_TABLES = SEEDED_AI_TABLES;
export type SeedTable = (typeof SEED_TABLES)[number];

/** Records per table of a full seed (part 2 section 3): 90,000 in all. */
export const SEED_TARGETS: Readonly<Record<SeedTable, number>> = {
  ai_knowledge_base: 12_000,
  ai_learning_interactions: 10_000,
  ai_learning_improvements: 10_000,
  ai_knowledge_connections: 15_000,
  ai_knowledge_embeddings: 12_000,
  ai_domain_expertise: 10_000,
  ai_learning_patterns: 10_000,
  ai_performance_metrics: 11_000,
};

/** What `POST /api/ai/seed/clear` must be sent, word for word, to delete anything. */
export const SEED_CLEAR_CONFIRMATION = 'DELETE ALL AI DATA';

export const SEED_MESSAGES = {
  /** The specification's 403 for seeding, clearing and database calls (part 2 section 6). */
  databaseAccess: KNOWLEDGE_DATA_ERRORS.DATABASE_ACCESS,
  smartFailed: 'Smart seeding failed',
  realFailed: 'Backend seeding failed',
  checkFailed: 'Database check failed',
  clearFailed: 'Database clear failed',
  alreadyRunning:
    'A seeding or clearing run is already in progress; follow it on GET /api/ai/seed/progress and try again when it ends',
  confirmRequired: `Clearing deletes every record of the eight AI tables: send { "confirm": "${SEED_CLEAR_CONFIRMATION}" }`,
} as const;

/**
 * Body of the two seed calls. `scale` seeds that fraction of every target (the same records a
 * full seed starts with); absent -> the full 90,000.
 */
export const seedBodySchema = z
  .strictObject({
    scale: z.number().min(0.01).max(1).optional(),
  })
  // Nullish: Fastify hands a request without a body to validation as null.
  .nullish();
export type SeedBody = z.infer<typeof seedBodySchema>;

export const seedClearBodySchema = z.strictObject({
  confirm: z.literal(SEED_CLEAR_CONFIRMATION, { message: SEED_MESSAGES.confirmRequired }),
});

const tableCountsSchema = z.object({ inserted: z.number().int(), skipped: z.number().int() });
const perTable = <T extends z.ZodType>(value: T) => z.record(z.enum(SEED_TABLES), value);

/** Smart seed: only records not yet present, found by content hash. */
export const seedSmartReplySchema = z.object({
  success: z.literal(true),
  totalInserted: z.number().int(),
  totalSkipped: z.number().int(),
  /** Milliseconds. */
  duration: z.number().int(),
  recordsPerSecond: z.number().int(),
  tables: perTable(tableCountsSchema),
});
export type SeedSmartReply = z.infer<typeof seedSmartReplySchema>;

/** Full seed: every generated record is in the tables afterwards (inserted now or already there). */
export const seedRealReplySchema = z.object({
  success: z.literal(true),
  /** Records of the generated set now present (inserted + already there). */
  totalRecords: z.number().int(),
  duration: z.number().int(),
  recordsPerSecond: z.number().int(),
  tables: perTable(tableCountsSchema),
});
export type SeedRealReply = z.infer<typeof seedRealReplySchema>;

export const seedCheckReplySchema = z.object({
  success: z.literal(true),
  hasData: z.boolean(),
  totalRecords: z.number().int(),
  tablesWithData: z.number().int(),
  totalTables: z.number().int(),
  /** Records per table. */
  tables: perTable(z.number().int()),
  /** Knowledge items whose embedding is still to be computed (no provider answered yet). */
  pendingEmbeddings: z.number().int(),
});
export type SeedCheckReply = z.infer<typeof seedCheckReplySchema>;

export const seedClearReplySchema = z.object({
  success: z.literal(true),
  totalDeleted: z.number().int(),
  clearedTables: z.array(z.enum(SEED_TABLES)),
});
export type SeedClearReply = z.infer<typeof seedClearReplySchema>;

/**
 * One progress event of `GET /api/ai/seed/progress` (the console's seeding panel): the
 * specification's seeding progress (isSeeding, currentOperation, recordsCreated, totalRecords,
 * startTime) plus current table, tables completed of 8 and the rate.
 */
export const seedProgressSchema = z.object({
  isSeeding: z.boolean(),
  operation: z.enum(['smart', 'real', 'clear']),
  status: z.enum(['running', 'succeeded', 'failed']),
  currentTable: z.enum(SEED_TABLES).nullable(),
  currentOperation: z.string(),
  tablesCompleted: z.number().int(),
  totalTables: z.number().int(),
  /** Records inserted so far. */
  recordsCreated: z.number().int(),
  /** Records handled so far (inserted, or skipped as already present). */
  recordsProcessed: z.number().int(),
  /** Records this run generates. */
  totalRecords: z.number().int(),
  recordsPerSecond: z.number().int(),
  startTime: z.iso.datetime(),
});
export type SeedProgress = z.infer<typeof seedProgressSchema>;

/**
 * GET /api/ai/seed/categories: the knowledge categories the seed covers (the console lists
 * "50+"): its 30 domains and the facets every domain's topics are seen from.
 */
export const seedCategoriesReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    domains: z.array(z.object({ domain: z.string(), label: z.string(), topics: z.array(z.string()) })),
    facets: z.array(z.string()),
    knowledgeTypes: z.array(z.string()),
    /** Domains plus facets. */
    totalCategories: z.number().int(),
  }),
});
export type SeedCategoriesReply = z.infer<typeof seedCategoriesReplySchema>;
