CREATE TABLE "ai_learning_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"cpu_ms" real,
	"interactions_read" integer DEFAULT 0 NOT NULL,
	"interactions_analysed" integer DEFAULT 0 NOT NULL,
	"model_step" text DEFAULT 'skipped' NOT NULL,
	"model_error" text,
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thresholds_exceeded" text[] DEFAULT '{}'::text[] NOT NULL,
	"patterns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"improvements_stored" integer DEFAULT 0 NOT NULL,
	"knowledge_items_created" integer DEFAULT 0 NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "ai_learning_derived_knowledge" (
	"interaction_id" uuid PRIMARY KEY NOT NULL,
	"knowledge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_learning_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"chat_feedback_id" bigint,
	"interaction_id" uuid,
	"user_id" uuid,
	"rating" integer,
	"text" text,
	"sentiment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"cycle_id" uuid,
	CONSTRAINT "ai_learning_feedback_chat_feedback_id_unique" UNIQUE("chat_feedback_id")
);
--> statement-breakpoint
CREATE TABLE "ai_learning_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"kill_switch" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"started_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_learning_settings_single_row" CHECK ("ai_learning_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ai_learning_suggestions" (
	"improvement_id" uuid PRIMARY KEY NOT NULL,
	"cycle_id" uuid,
	"source" text,
	"domain" text,
	"guidance" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"reverted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_learning_derived_knowledge" ADD CONSTRAINT "ai_learning_derived_knowledge_interaction_id_ai_learning_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "ai_learning_interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_derived_knowledge" ADD CONSTRAINT "ai_learning_derived_knowledge_knowledge_id_ai_knowledge_base_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "ai_knowledge_base"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_feedback" ADD CONSTRAINT "ai_learning_feedback_chat_feedback_id_ai_chat_feedback_id_fk" FOREIGN KEY ("chat_feedback_id") REFERENCES "ai_chat_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_feedback" ADD CONSTRAINT "ai_learning_feedback_interaction_id_ai_learning_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "ai_learning_interactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_feedback" ADD CONSTRAINT "ai_learning_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_feedback" ADD CONSTRAINT "ai_learning_feedback_cycle_id_ai_learning_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "ai_learning_cycles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_settings" ADD CONSTRAINT "ai_learning_settings_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_suggestions" ADD CONSTRAINT "ai_learning_suggestions_improvement_id_ai_learning_improvements_id_fk" FOREIGN KEY ("improvement_id") REFERENCES "ai_learning_improvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_learning_suggestions" ADD CONSTRAINT "ai_learning_suggestions_cycle_id_ai_learning_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "ai_learning_cycles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_learning_cycles_started_idx" ON "ai_learning_cycles" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "ai_learning_feedback_unprocessed_idx" ON "ai_learning_feedback" USING btree ("created_at") WHERE "ai_learning_feedback"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "ai_learning_suggestions_created_idx" ON "ai_learning_suggestions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_learning_suggestions_active_idx" ON "ai_learning_suggestions" USING btree ("domain") WHERE "ai_learning_suggestions"."active";