CREATE TABLE "ai_assistant_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"files" jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"folder_id" uuid,
	"folder_path" text,
	"reason" text,
	"request" text,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_recommendation_states" (
	"user_id" uuid NOT NULL,
	"rec_key" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_recommendation_states_user_id_rec_key_pk" PRIMARY KEY("user_id","rec_key")
);
--> statement-breakpoint
CREATE TABLE "ai_training_reviews" (
	"interaction_id" uuid PRIMARY KEY NOT NULL,
	"review" text NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_tags" (
	"file_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_tags_file_id_tag_pk" PRIMARY KEY("file_id","tag")
);
--> statement-breakpoint
ALTER TABLE "ai_assistant_actions" ADD CONSTRAINT "ai_assistant_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recommendation_states" ADD CONSTRAINT "ai_recommendation_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_training_reviews" ADD CONSTRAINT "ai_training_reviews_interaction_id_ai_learning_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "ai_learning_interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_training_reviews" ADD CONSTRAINT "ai_training_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_assistant_actions_user_created_idx" ON "ai_assistant_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_training_reviews_review_idx" ON "ai_training_reviews" USING btree ("review");--> statement-breakpoint
CREATE INDEX "file_tags_owner_tag_idx" ON "file_tags" USING btree ("owner_id","tag");