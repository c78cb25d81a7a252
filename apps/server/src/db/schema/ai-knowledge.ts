import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aiChatMessages } from './ai-chat';
import { users } from './identity';

/**
 * The knowledge layer of part 2 section 3 (issue 16): the eight AI tables with the spec's field
 * names, plus ai_insights and ai_knowledge_enhancement. Columns are snake_case exactly as the spec
 * names them, because `POST /api/ai/database/{table}` and the superadmin's read-only SQL speak them.
 *
 * `content_hash` (sha-256 of a record's identifying content) makes seeding idempotent: a smart seed
 * inserts with ON CONFLICT (content_hash) DO NOTHING and counts what it skipped.
 */

/** PostgreSQL's text-search vector; only ever written by the database (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const hash = () => text('content_hash');
const hashIndex = (table: string, col: { name: string }) =>
  uniqueIndex(`${table}_content_hash_idx`).on(col as never);

export const aiKnowledgeBase = pgTable(
  'ai_knowledge_base',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    /** beginner | intermediate | advanced (section 5 classification). */
    difficultyLevel: text('difficulty_level').notNull().default('beginner'),
    relevanceScore: real('relevance_score').notNull().default(0.5),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull().default('manual'),
    modelUsed: text('model_used'),
    usageCount: integer('usage_count').notNull().default(0),
    effectivenessScore: real('effectiveness_score').notNull().default(0.5),
    contentHash: hash(),
    /** Full-text search over title, keywords and content (English stemming). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
    ),
  },
  (t) => [
    index('ai_knowledge_base_domain_idx').on(t.domain, t.createdAt),
    index('ai_knowledge_base_created_idx').on(t.createdAt),
    index('ai_knowledge_base_search_idx').using('gin', t.searchVector),
    index('ai_knowledge_base_keywords_idx').using('gin', t.keywords),
    hashIndex('ai_knowledge_base', t.contentHash),
  ],
);

export const aiLearningInteractions = pgTable(
  'ai_learning_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The person who asked; null for platform (seeded) interactions. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The chat reply this interaction records; feedback on it sets satisfaction_score and was_helpful.
     * Deleting the reply (its conversation deleted or cleared) deletes the interaction: what a person
     * deletes from their chats must not live on in the learning data.
     */
    messageId: uuid('message_id').references(() => aiChatMessages.id, { onDelete: 'cascade' }),
    userQuery: text('user_query').notNull(),
    aiResponse: text('ai_response').notNull(),
    satisfactionScore: real('satisfaction_score'),
    /** Milliseconds. */
    responseTime: integer('response_time'),
    knowledgeUsed: jsonb('knowledge_used').$type<unknown[]>().notNull().default([]),
    improvementSuggestions: jsonb('improvement_suggestions').$type<unknown[]>().notNull().default([]),
    createdAt: created(),
    domain: text('domain').notNull().default('general'),
    userContext: jsonb('user_context').$type<Record<string, unknown>>().notNull().default({}),
    modelUsed: text('model_used'),
    tokensUsed: integer('tokens_used'),
    wasHelpful: boolean('was_helpful'),
    contentHash: hash(),
  },
  (t) => [
    index('ai_learning_interactions_user_created_idx').on(t.userId, t.createdAt),
    index('ai_learning_interactions_created_idx').on(t.createdAt),
    index('ai_learning_interactions_domain_idx').on(t.domain),
    uniqueIndex('ai_learning_interactions_message_idx').on(t.messageId),
    hashIndex('ai_learning_interactions', t.contentHash),
  ],
);

export const aiLearningImprovements = pgTable(
  'ai_learning_improvements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    improvementType: text('improvement_type').notNull(),
    description: text('description').notNull(),
    /** High | Medium | Low. */
    priority: text('priority').notNull().default('Medium'),
    impactScore: real('impact_score').notNull().default(0),
    /** planned | in_progress | completed | on_hold | pending. */
    implementationStatus: text('implementation_status').notNull().default('planned'),
    estimatedEffort: text('estimated_effort'),
    category: text('category').notNull().default('general'),
    createdAt: created(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    successMetrics: jsonb('success_metrics').$type<Record<string, unknown>>().notNull().default({}),
    /** Ids of ai_learning_interactions this improvement came from. */
    relatedInteractions: uuid('related_interactions').array().notNull().default(sql`'{}'::uuid[]`),
    contentHash: hash(),
  },
  (t) => [
    index('ai_learning_improvements_status_idx').on(t.implementationStatus, t.createdAt),
    hashIndex('ai_learning_improvements', t.contentHash),
  ],
);

/** The 12 connection types of part 2 section 3. */
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

export const aiKnowledgeConnections = pgTable(
  'ai_knowledge_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceKnowledgeId: uuid('source_knowledge_id')
      .notNull()
      .references(() => aiKnowledgeBase.id, { onDelete: 'cascade' }),
    targetKnowledgeId: uuid('target_knowledge_id')
      .notNull()
      .references(() => aiKnowledgeBase.id, { onDelete: 'cascade' }),
    connectionType: text('connection_type').notNull(),
    strength: real('strength').notNull().default(0.5),
    description: text('description'),
    bidirectional: boolean('bidirectional').notNull().default(false),
    validated: boolean('validated').notNull().default(false),
    validationScore: real('validation_score'),
    createdAt: created(),
    contentHash: hash(),
  },
  (t) => [
    uniqueIndex('ai_knowledge_connections_pair_idx').on(
      t.sourceKnowledgeId,
      t.targetKnowledgeId,
      t.connectionType,
    ),
    index('ai_knowledge_connections_target_idx').on(t.targetKnowledgeId),
    hashIndex('ai_knowledge_connections', t.contentHash),
  ],
);

/** 384 numbers per knowledge item; a null vector is pending (no embedding provider answered yet). */
export const EMBEDDING_DIMENSIONS = 384;

export const aiKnowledgeEmbeddings = pgTable(
  'ai_knowledge_embeddings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    knowledgeId: uuid('knowledge_id')
      .notNull()
      .references(() => aiKnowledgeBase.id, { onDelete: 'cascade' }),
    /** Unit length, so cosine similarity is the dot product; null while pending. */
    embeddingVector: real('embedding_vector').array(),
    embeddingModel: text('embedding_model'),
    contentType: text('content_type').notNull().default('title_content'),
    /** Hash of the text embedded: a changed item is embedded again. */
    contentHash: text('content_hash').notNull(),
    qualityScore: real('quality_score'),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_knowledge_embeddings_item_idx').on(t.knowledgeId, t.contentType),
    index('ai_knowledge_embeddings_pending_idx').on(t.createdAt).where(sql`${t.embeddingVector} is null`),
    // Every stored vector has the 384 numbers search compares (null while pending).
    check(
      'ai_knowledge_embeddings_dimensions_check',
      sql`${t.embeddingVector} is null or cardinality(${t.embeddingVector}) = 384`,
    ),
  ],
);

export const aiDomainExpertise = pgTable(
  'ai_domain_expertise',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain').notNull(),
    subdomain: text('subdomain').notNull(),
    expertiseLevel: real('expertise_level').notNull().default(0),
    knowledgeCount: integer('knowledge_count').notNull().default(0),
    interactionCount: integer('interaction_count').notNull().default(0),
    successRate: real('success_rate').notNull().default(0),
    improvementRate: real('improvement_rate').notNull().default(0),
    confidenceScore: real('confidence_score').notNull().default(0),
    learningVelocity: real('learning_velocity').notNull().default(0),
    knowledgeDepth: real('knowledge_depth').notNull().default(0),
    practicalExperience: real('practical_experience').notNull().default(0),
    specializations: text('specializations').array().notNull().default(sql`'{}'::text[]`),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    contentHash: hash(),
  },
  (t) => [
    uniqueIndex('ai_domain_expertise_domain_sub_idx').on(t.domain, t.subdomain),
    hashIndex('ai_domain_expertise', t.contentHash),
  ],
);

export const aiLearningPatterns = pgTable(
  'ai_learning_patterns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patternType: text('pattern_type').notNull(),
    patternDescription: text('pattern_description').notNull(),
    frequency: integer('frequency').notNull().default(1),
    impactScore: real('impact_score').notNull().default(0),
    confidenceLevel: real('confidence_level').notNull().default(0),
    identifiedAt: timestamp('identified_at', { withTimezone: true }).notNull().defaultNow(),
    lastObserved: timestamp('last_observed', { withTimezone: true }).notNull().defaultNow(),
    patternStrength: real('pattern_strength').notNull().default(0),
    affectedDomains: text('affected_domains').array().notNull().default(sql`'{}'::text[]`),
    actionableInsights: jsonb('actionable_insights').$type<unknown[]>().notNull().default([]),
    /** validated | pending | rejected | in_review. */
    validationStatus: text('validation_status').notNull().default('pending'),
    contentHash: hash(),
  },
  (t) => [
    index('ai_learning_patterns_type_idx').on(t.patternType, t.lastObserved),
    hashIndex('ai_learning_patterns', t.contentHash),
  ],
);

export const aiPerformanceMetrics = pgTable(
  'ai_performance_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    metricName: text('metric_name').notNull(),
    metricType: text('metric_type').notNull().default('gauge'),
    metricValue: doublePrecision('metric_value').notNull(),
    metricUnit: text('metric_unit'),
    measurementDate: timestamp('measurement_date', { withTimezone: true }).notNull().defaultNow(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    baselineValue: doublePrecision('baseline_value'),
    targetValue: doublePrecision('target_value'),
    trendDirection: text('trend_direction'),
    dataQuality: real('data_quality'),
    sampleSize: integer('sample_size'),
    contentHash: hash(),
  },
  (t) => [
    index('ai_performance_metrics_name_date_idx').on(t.metricName, t.measurementDate),
    hashIndex('ai_performance_metrics', t.contentHash),
  ],
);

/** Insights; the spec's synthetic insights are "stored under user id 'system'": here a null user_id. */
export const aiInsights = pgTable(
  'ai_insights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    insightId: text('insight_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** high | medium | low. */
    priority: text('priority').notNull().default('medium'),
    category: text('category').notNull().default('general'),
    actionable: boolean('actionable').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [
    index('ai_insights_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('ai_insights_insight_id_idx').on(t.insightId),
  ],
);

export const aiKnowledgeEnhancement = pgTable(
  'ai_knowledge_enhancement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enhancementType: text('enhancement_type').notNull(),
    knowledgeData: jsonb('knowledge_data').$type<Record<string, unknown>>().notNull().default({}),
    conversationExchanges: jsonb('conversation_exchanges').$type<unknown[]>().notNull().default([]),
    totalTokens: integer('total_tokens').notNull().default(0),
    totalCost: doublePrecision('total_cost').notNull().default(0),
    knowledgeDepthScore: real('knowledge_depth_score'),
    createdAt: created(),
  },
  (t) => [index('ai_knowledge_enhancement_created_idx').on(t.createdAt)],
);
