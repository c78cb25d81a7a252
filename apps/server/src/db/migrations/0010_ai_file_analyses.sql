CREATE TABLE "ai_file_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"summary" text,
	"category" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"insights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" real,
	"model" text,
	"provider" text,
	"chars_analyzed" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"error" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "ai_file_analyses_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "ai_file_analyses" ADD CONSTRAINT "ai_file_analyses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_file_analyses" ADD CONSTRAINT "ai_file_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_file_analyses_user_status_idx" ON "ai_file_analyses" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "ai_file_analyses_queue_idx" ON "ai_file_analyses" USING btree ("created_at") WHERE "ai_file_analyses"."status" in ('pending', 'running');