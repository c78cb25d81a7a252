CREATE TABLE "file_text_chunks" (
	"file_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"char_start" integer NOT NULL,
	"embedding" real[],
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
	CONSTRAINT "file_text_chunks_file_id_chunk_index_pk" PRIMARY KEY("file_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "file_text_index" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"pending_embeddings" integer DEFAULT 0 NOT NULL,
	"embedding_model" text,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"indexed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_domain_expertise" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"subdomain" text NOT NULL,
	"expertise_level" real DEFAULT 0 NOT NULL,
	"knowledge_count" integer DEFAULT 0 NOT NULL,
	"interaction_count" integer DEFAULT 0 NOT NULL,
	"success_rate" real DEFAULT 0 NOT NULL,
	"improvement_rate" real DEFAULT 0 NOT NULL,
	"confidence_score" real DEFAULT 0 NOT NULL,
	"learning_velocity" real DEFAULT 0 NOT NULL,
	"knowledge_depth" real DEFAULT 0 NOT NULL,
	"practical_experience" real DEFAULT 0 NOT NULL,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text
);
--> statement-breakpoint
CREATE TABLE "ai_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"insight_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"actionable" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge_base" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"difficulty_level" text DEFAULT 'beginner' NOT NULL,
	"relevance_score" real DEFAULT 0.5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"model_used" text,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"effectiveness_score" real DEFAULT 0.5 NOT NULL,
	"content_hash" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_knowledge_id" uuid NOT NULL,
	"target_knowledge_id" uuid NOT NULL,
	"connection_type" text NOT NULL,
	"strength" real DEFAULT 0.5 NOT NULL,
	"description" text,
	"bidirectional" boolean DEFAULT false NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validation_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge_embeddings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"knowledge_id" uuid NOT NULL,
	"embedding_vector" real[],
	"embedding_model" text,
	"content_type" text DEFAULT 'title_content' NOT NULL,
	"content_hash" text NOT NULL,
	"quality_score" real,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge_enhancement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enhancement_type" text NOT NULL,
	"knowledge_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conversation_exchanges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"total_cost" double precision DEFAULT 0 NOT NULL,
	"knowledge_depth_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_learning_improvements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"improvement_type" text NOT NULL,
	"description" text NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"impact_score" real DEFAULT 0 NOT NULL,
	"implementation_status" text DEFAULT 'planned' NOT NULL,
	"estimated_effort" text,
	"category" text DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"success_metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"related_interactions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"content_hash" text
);
--> statement-breakpoint
CREATE TABLE "ai_learning_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"message_id" uuid,
	"user_query" text NOT NULL,
	"ai_response" text NOT NULL,
	"satisfaction_score" real,
	"response_time" integer,
	"knowledge_used" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"improvement_suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"domain" text DEFAULT 'general' NOT NULL,
	"user_context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"model_used" text,
	"tokens_used" integer,
	"was_helpful" boolean,
	"content_hash" text
);
--> statement-breakpoint
CREATE TABLE "ai_learning_patterns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pattern_type" text NOT NULL,
	"pattern_description" text NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"impact_score" real DEFAULT 0 NOT NULL,
	"confidence_level" real DEFAULT 0 NOT NULL,
	"identified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_observed" timestamp with time zone DEFAULT now() NOT NULL,
	"pattern_strength" real DEFAULT 0 NOT NULL,
	"affected_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"actionable_insights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validation_status" text DEFAULT 'pending' NOT NULL,
	"content_hash" text
);
--> statement-breakpoint
CREATE TABLE "ai_performance_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"metric_name" text NOT NULL,
	"metric_type" text DEFAULT 'gauge' NOT NULL,
	"metric_value" double precision NOT NULL,
	"metric_unit" text,
	"measurement_date" timestamp with time zone DEFAULT now() NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"baseline_value" double precision,
	"target_value" double precision,
	"trend_direction" text,
	"data_quality" real,
	"sample_size" integer,
	"content_hash" text
);
--> statement-breakpoint
ALTER TABLE "file_text_chunks" ADD CONSTRAINT "file_text_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_text_chunks" ADD CONSTRAINT "file_text_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_text_index" ADD CONSTRAINT "file_text_index_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_text_index" ADD CONSTRAINT "file_text_index_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge_connections" ADD CONSTRAINT "ai_knowledge_connections_source_knowledge_id_ai_knowledge_base_id_fk" FOREIGN KEY ("source_knowledge_id") REFERENCES "ai_knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge_connections" ADD CONSTRAINT "ai_knowledge_connections_target_knowledge_id_ai_knowledge_base_id_fk" FOREIGN KEY ("target_knowledge_id") REFERENCES "ai_knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge_embeddings" ADD CONSTRAINT "ai_knowledge_embeddings_knowledge_id_ai_knowledge_base_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "ai_knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_interactions" ADD CONSTRAINT "ai_learning_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_interactions" ADD CONSTRAINT "ai_learning_interactions_message_id_ai_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "ai_chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_text_chunks_user_idx" ON "file_text_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "file_text_chunks_search_idx" ON "file_text_chunks" USING gin ("user_id","search_vector");--> statement-breakpoint
CREATE INDEX "file_text_index_queue_idx" ON "file_text_index" USING btree ("created_at") WHERE "file_text_index"."status" in ('pending', 'indexing');--> statement-breakpoint
CREATE INDEX "file_text_index_user_idx" ON "file_text_index" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_domain_expertise_domain_sub_idx" ON "ai_domain_expertise" USING btree ("domain","subdomain");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_domain_expertise_content_hash_idx" ON "ai_domain_expertise" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "ai_insights_user_created_idx" ON "ai_insights" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_insights_insight_id_idx" ON "ai_insights" USING btree ("insight_id");--> statement-breakpoint
CREATE INDEX "ai_knowledge_base_domain_idx" ON "ai_knowledge_base" USING btree ("domain","created_at");--> statement-breakpoint
CREATE INDEX "ai_knowledge_base_created_idx" ON "ai_knowledge_base" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_knowledge_base_search_idx" ON "ai_knowledge_base" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ai_knowledge_base_keywords_idx" ON "ai_knowledge_base" USING gin ("keywords");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_knowledge_base_content_hash_idx" ON "ai_knowledge_base" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_knowledge_connections_pair_idx" ON "ai_knowledge_connections" USING btree ("source_knowledge_id","target_knowledge_id","connection_type");--> statement-breakpoint
CREATE INDEX "ai_knowledge_connections_target_idx" ON "ai_knowledge_connections" USING btree ("target_knowledge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_knowledge_connections_content_hash_idx" ON "ai_knowledge_connections" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_knowledge_embeddings_item_idx" ON "ai_knowledge_embeddings" USING btree ("knowledge_id","content_type");--> statement-breakpoint
CREATE INDEX "ai_knowledge_embeddings_pending_idx" ON "ai_knowledge_embeddings" USING btree ("created_at") WHERE "ai_knowledge_embeddings"."embedding_vector" is null;--> statement-breakpoint
CREATE INDEX "ai_knowledge_enhancement_created_idx" ON "ai_knowledge_enhancement" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_learning_improvements_status_idx" ON "ai_learning_improvements" USING btree ("implementation_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_learning_improvements_content_hash_idx" ON "ai_learning_improvements" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "ai_learning_interactions_user_created_idx" ON "ai_learning_interactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_learning_interactions_created_idx" ON "ai_learning_interactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_learning_interactions_domain_idx" ON "ai_learning_interactions" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_learning_interactions_message_idx" ON "ai_learning_interactions" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_learning_interactions_content_hash_idx" ON "ai_learning_interactions" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "ai_learning_patterns_type_idx" ON "ai_learning_patterns" USING btree ("pattern_type","last_observed");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_learning_patterns_content_hash_idx" ON "ai_learning_patterns" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "ai_performance_metrics_name_date_idx" ON "ai_performance_metrics" USING btree ("metric_name","measurement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_performance_metrics_content_hash_idx" ON "ai_performance_metrics" USING btree ("content_hash");