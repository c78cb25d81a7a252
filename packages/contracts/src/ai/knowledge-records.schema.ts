import { z } from 'zod';
import { multiLineText, singleLineText } from '../common/text.schema';

/**
 * The records of the ten AI tables as `POST /api/ai/database/{table}` takes them (part 2 section 3,
 * issue 16): the specification's snake_case field names, strict (an unknown field is a 400). `id`
 * and the timestamps may be given (a client seeding related records names its own ids); the
 * server fills in what is left out.
 */

/** The eight tables of part 2 section 3, in the order they are seeded (references first). */
export const SEEDED_AI_TABLES = [
  'ai_knowledge_base',
  'ai_learning_interactions',
  'ai_learning_improvements',
  'ai_knowledge_connections',
  'ai_knowledge_embeddings',
  'ai_domain_expertise',
  'ai_learning_patterns',
  'ai_performance_metrics',
] as const;

export const AI_TABLES = [...SEEDED_AI_TABLES, 'ai_insights', 'ai_knowledge_enhancement'] as const;
export type AiTable = (typeof AI_TABLES)[number];

export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const IMPLEMENTATION_STATUSES = ['planned', 'in_progress', 'completed', 'on_hold', 'pending'] as const;
/** Improvement priority of the learning cycle ("Improvement (cycle variant)"). */
export const IMPROVEMENT_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const VALIDATION_STATUSES = ['validated', 'pending', 'rejected', 'in_review'] as const;
export const INSIGHT_PRIORITIES = ['high', 'medium', 'low'] as const;
/** The 12 knowledge connection types. */
export const CONNECTION_TYPES = [
  'prerequisite',
  'related_concept',
  'implementation_of',
  'example_of',
  'alternative_to',
  'builds_upon',
  'contradicts',
  'complements',
  'part_of',
  'leads_to',
  'similar_to',
  'depends_on',
] as const;
/** Retrieval domains of part 2 section 9: what a question is classified into. */
export const RETRIEVAL_DOMAINS = [
  'javascript',
  'python',
  'web_development',
  'database',
  'ai_ml',
  'devops',
  'general',
] as const;
export type RetrievalDomain = (typeof RETRIEVAL_DOMAINS)[number];
export const EMBEDDING_SIZE = 384;

const name = (max = 100) => singleLineText({ trim: true }).min(1).max(max);
const text = (max: number) => multiLineText().min(1).max(max);
const score = () => z.number().min(0).max(1);
const count = () => z.number().int().min(0).max(2_147_483_647);
const timestamp = () => z.iso.datetime({ offset: true });
const names = (maxItems = 50) => z.array(name()).max(maxItems);
/** jsonb fields: the request's `record` is checked as free-form JSON (text rules, size, depth) already. */
const jsonList = () => z.array(z.unknown()).max(200);
const jsonObject = () => z.record(z.string(), z.unknown());
const metric = () => z.number().finite();

const withId = { id: z.uuid().optional() };

export const knowledgeRecordSchema = z.strictObject({
  ...withId,
  domain: name(),
  type: name(),
  title: name(500),
  content: text(50_000),
  keywords: names().optional(),
  difficulty_level: z.enum(DIFFICULTY_LEVELS).optional(),
  relevance_score: score().optional(),
  created_at: timestamp().optional(),
  updated_at: timestamp().optional(),
  source: name().optional(),
  model_used: name(200).nullable().optional(),
  usage_count: count().optional(),
  effectiveness_score: score().optional(),
});

export const interactionRecordSchema = z.strictObject({
  ...withId,
  /** The superadmin's to set; a user's own record is always theirs. */
  user_id: z.uuid().nullable().optional(),
  /** The chat reply it records: set by the chat itself (superadmin only here). */
  message_id: z.uuid().nullable().optional(),
  user_query: text(20_000),
  ai_response: text(100_000),
  satisfaction_score: score().nullable().optional(),
  /** Milliseconds. */
  response_time: count().nullable().optional(),
  knowledge_used: jsonList().optional(),
  improvement_suggestions: jsonList().optional(),
  created_at: timestamp().optional(),
  domain: name().optional(),
  user_context: jsonObject().optional(),
  model_used: name(200).nullable().optional(),
  tokens_used: count().nullable().optional(),
  was_helpful: z.boolean().nullable().optional(),
});

export const improvementRecordSchema = z.strictObject({
  ...withId,
  improvement_type: name(),
  description: text(10_000),
  priority: z.enum(IMPROVEMENT_PRIORITIES).optional(),
  impact_score: score().optional(),
  implementation_status: z.enum(IMPLEMENTATION_STATUSES).optional(),
  estimated_effort: name().nullable().optional(),
  category: name().optional(),
  created_at: timestamp().optional(),
  applied_at: timestamp().nullable().optional(),
  success_metrics: jsonObject().optional(),
  related_interactions: z.array(z.uuid()).max(200).optional(),
});

export const connectionRecordSchema = z.strictObject({
  ...withId,
  source_knowledge_id: z.uuid(),
  target_knowledge_id: z.uuid(),
  connection_type: z.enum(CONNECTION_TYPES),
  strength: score().optional(),
  description: text(5_000).nullable().optional(),
  bidirectional: z.boolean().optional(),
  validated: z.boolean().optional(),
  validation_score: score().nullable().optional(),
  created_at: timestamp().optional(),
});

export const embeddingRecordSchema = z.strictObject({
  ...withId,
  knowledge_id: z.uuid(),
  embedding_vector: z.array(z.number().finite()).length(EMBEDDING_SIZE).nullable().optional(),
  embedding_model: name(200).nullable().optional(),
  content_type: name().optional(),
  /** Hash of the text embedded (a changed item is embedded again). */
  content_hash: name(200),
  quality_score: score().nullable().optional(),
  usage_count: count().optional(),
  created_at: timestamp().optional(),
  updated_at: timestamp().optional(),
});

export const expertiseRecordSchema = z.strictObject({
  ...withId,
  domain: name(),
  subdomain: name(),
  expertise_level: metric().optional(),
  knowledge_count: count().optional(),
  interaction_count: count().optional(),
  success_rate: score().optional(),
  improvement_rate: metric().optional(),
  confidence_score: score().optional(),
  learning_velocity: metric().optional(),
  knowledge_depth: metric().optional(),
  practical_experience: metric().optional(),
  specializations: names().optional(),
  created_at: timestamp().optional(),
  updated_at: timestamp().optional(),
});

export const patternRecordSchema = z.strictObject({
  ...withId,
  pattern_type: name(),
  pattern_description: text(10_000),
  frequency: count().optional(),
  impact_score: score().optional(),
  confidence_level: score().optional(),
  identified_at: timestamp().optional(),
  last_observed: timestamp().optional(),
  pattern_strength: score().optional(),
  affected_domains: names().optional(),
  actionable_insights: jsonList().optional(),
  validation_status: z.enum(VALIDATION_STATUSES).optional(),
});

export const metricRecordSchema = z.strictObject({
  ...withId,
  metric_name: name(200),
  metric_type: name().optional(),
  metric_value: metric(),
  metric_unit: name().nullable().optional(),
  measurement_date: timestamp().optional(),
  context: jsonObject().optional(),
  baseline_value: metric().nullable().optional(),
  target_value: metric().nullable().optional(),
  trend_direction: name().nullable().optional(),
  data_quality: score().nullable().optional(),
  sample_size: count().nullable().optional(),
});

export const insightRecordSchema = z.strictObject({
  ...withId,
  /** Null: a platform ("system") insight. */
  user_id: z.uuid().nullable().optional(),
  insight_id: name(200),
  type: name(),
  title: name(500),
  description: text(10_000),
  priority: z.enum(INSIGHT_PRIORITIES).optional(),
  category: name().optional(),
  actionable: z.boolean().optional(),
  metadata: jsonObject().optional(),
  created_at: timestamp().optional(),
});

export const enhancementRecordSchema = z.strictObject({
  ...withId,
  enhancement_type: name(),
  knowledge_data: jsonObject().optional(),
  conversation_exchanges: jsonList().optional(),
  total_tokens: count().optional(),
  total_cost: z.number().finite().min(0).optional(),
  knowledge_depth_score: score().nullable().optional(),
  created_at: timestamp().optional(),
});

/** Each table's record schema. */
export const AI_RECORD_SCHEMAS = {
  ai_knowledge_base: knowledgeRecordSchema,
  ai_learning_interactions: interactionRecordSchema,
  ai_learning_improvements: improvementRecordSchema,
  ai_knowledge_connections: connectionRecordSchema,
  ai_knowledge_embeddings: embeddingRecordSchema,
  ai_domain_expertise: expertiseRecordSchema,
  ai_learning_patterns: patternRecordSchema,
  ai_performance_metrics: metricRecordSchema,
  ai_insights: insightRecordSchema,
  ai_knowledge_enhancement: enhancementRecordSchema,
} as const satisfies Record<AiTable, z.ZodType>;

export type KnowledgeRecord = z.infer<typeof knowledgeRecordSchema>;
export type InteractionRecord = z.infer<typeof interactionRecordSchema>;
