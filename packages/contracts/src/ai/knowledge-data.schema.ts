import { z } from 'zod';
import { freeFormObject } from '../common/free-form.schema';
import { multiLineText, singleLineText } from '../common/text.schema';
import { AI_TABLES } from './knowledge-records.schema';

/**
 * The AI data calls of part 2 section 7 (issue 16): records into the ten AI tables, their counts,
 * the knowledge base and interaction lists, and the superadmin's read-only SQL.
 */

/** The spec's messages for these calls. */
export const KNOWLEDGE_DATA_ERRORS = {
  /** Any refused write or query (section 8, "Database access refused (403)"). */
  DATABASE_ACCESS: 'Authentication required for database access',
  noSeedingMethod: (table: string) => `No seeding method found for table: ${table}`,
} as const;

/** Records in one batch call. */
export const BATCH_MAX_RECORDS = 1000;
/** One record's JSON (an embedding's 384 numbers take ~8 KB). */
export const RECORD_MAX_BYTES = 65_536;
/** Body limit of a batch call, in bytes. */
export const BATCH_BODY_MAX_BYTES = 16 * 1024 * 1024;
/** Knowledge base and interactions: default limit 100 (section 9). */
export const KNOWLEDGE_LIST_DEFAULT = 100;
export const KNOWLEDGE_LIST_MAX = 1000;

/** The SQL call's limits: what one statement may take. */
export const SQL_QUERY_LIMITS = {
  maxLength: 20_000,
  maxParams: 100,
  /** Rows returned; a statement that yields more is cut and says `truncated`. */
  maxRows: 1000,
  timeoutMs: 5000,
} as const;

/**
 * The table named in the path. Any name is taken here, so an unknown one gets the specification's
 * own message ('No seeding method found for table: {name}') rather than a generic one.
 */
export const databaseTableParamsSchema = z.object({ table: singleLineText().min(1).max(100) });

const record = () => freeFormObject({ maxBytes: RECORD_MAX_BYTES });

export const databaseRecordBodySchema = z.strictObject({ record: record() });
export type DatabaseRecordBody = z.infer<typeof databaseRecordBodySchema>;

export const databaseBatchBodySchema = z.strictObject({
  records: z.array(record()).min(1).max(BATCH_MAX_RECORDS),
});
export type DatabaseBatchBody = z.infer<typeof databaseBatchBodySchema>;

/** A stored row with the table's snake_case field names (timestamps as ISO strings). */
export const databaseRowSchema = z.record(z.string(), z.unknown());

export const databaseRecordReplySchema = z.object({
  success: z.literal(true),
  table: z.enum(AI_TABLES),
  data: databaseRowSchema,
});

export const databaseBatchReplySchema = z.object({
  success: z.literal(true),
  table: z.enum(AI_TABLES),
  insertedCount: z.number().int(),
});

/** Rows per AI table. */
export const tableCountsSchema = z.record(z.enum(AI_TABLES), z.number().int());
export type TableCounts = z.infer<typeof tableCountsSchema>;

export const databaseInitReplySchema = z.object({
  success: z.literal(true),
  /** Every AI table exists (they come from the migrations); each with its row count. */
  tables: tableCountsSchema,
  totalRecords: z.number().int(),
});

export const databaseStatsReplySchema = z.object({
  success: z.literal(true),
  stats: z.object({
    tables: tableCountsSchema,
    totalRecords: z.number().int(),
    tablesWithData: z.number().int(),
    totalTables: z.number().int(),
  }),
});
export type DatabaseStats = z.infer<typeof databaseStatsReplySchema>['stats'];

const listLimit = () =>
  z.coerce.number().int().min(1).max(KNOWLEDGE_LIST_MAX).default(KNOWLEDGE_LIST_DEFAULT);

export const knowledgeBaseQuerySchema = z.object({
  limit: listLimit(),
  domain: singleLineText({ trim: true }).min(1).max(100).optional(),
});
export type KnowledgeBaseQuery = z.input<typeof knowledgeBaseQuerySchema>;

export const interactionsQuerySchema = z.object({ limit: listLimit() });

const iso = () => z.string();

export const knowledgeItemSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  keywords: z.array(z.string()),
  difficulty_level: z.string(),
  relevance_score: z.number(),
  created_at: iso(),
  updated_at: iso(),
  source: z.string(),
  model_used: z.string().nullable(),
  usage_count: z.number().int(),
  effectiveness_score: z.number(),
});
export type KnowledgeItem = z.infer<typeof knowledgeItemSchema>;

export const interactionSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  message_id: z.uuid().nullable(),
  user_query: z.string(),
  ai_response: z.string(),
  satisfaction_score: z.number().nullable(),
  response_time: z.number().int().nullable(),
  knowledge_used: z.array(z.unknown()),
  improvement_suggestions: z.array(z.unknown()),
  created_at: iso(),
  domain: z.string(),
  user_context: z.record(z.string(), z.unknown()),
  model_used: z.string().nullable(),
  tokens_used: z.number().int().nullable(),
  was_helpful: z.boolean().nullable(),
});
export type Interaction = z.infer<typeof interactionSchema>;

export const knowledgeBaseReplySchema = z.object({
  success: z.literal(true),
  data: z.array(knowledgeItemSchema),
});
export const interactionsReplySchema = z.object({
  success: z.literal(true),
  data: z.array(interactionSchema),
});

/** A bound parameter of the SQL call ($1, $2, ...). */
export const sqlParamSchema = z.union([
  multiLineText().max(10_000),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

export const databaseQueryBodySchema = z.strictObject({
  sql: multiLineText().min(1).max(SQL_QUERY_LIMITS.maxLength),
  params: z.array(sqlParamSchema).max(SQL_QUERY_LIMITS.maxParams).default([]),
});
export type DatabaseQueryBody = z.input<typeof databaseQueryBodySchema>;

export const databaseQueryReplySchema = z.object({
  success: z.literal(true),
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int(),
  /** More rows than SQL_QUERY_LIMITS.maxRows: the first maxRows are returned. */
  truncated: z.boolean(),
});
export type DatabaseQueryReply = z.infer<typeof databaseQueryReplySchema>;
