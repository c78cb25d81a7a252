CREATE TABLE "ai_benchmark_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"prompt_id" text NOT NULL,
	"category" text NOT NULL,
	"success" boolean NOT NULL,
	"error" text,
	"answered_by" text,
	"latency_ms" integer NOT NULL,
	"first_token_ms" integer,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	"quality" text NOT NULL,
	"quality_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_benchmark_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_benchmark_results" ADD CONSTRAINT "ai_benchmark_results_run_id_ai_benchmark_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "ai_benchmark_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_benchmark_runs" ADD CONSTRAINT "ai_benchmark_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_benchmark_results_run_idx" ON "ai_benchmark_results" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "ai_benchmark_runs_user_started_idx" ON "ai_benchmark_runs" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_benchmark_runs_one_running_idx" ON "ai_benchmark_runs" USING btree ("user_id") WHERE "ai_benchmark_runs"."status" = 'running';