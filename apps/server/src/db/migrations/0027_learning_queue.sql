CREATE TABLE "ai_learning_queue" (
	"interaction_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_assistant_actions" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_learning_queue" ADD CONSTRAINT "ai_learning_queue_interaction_id_ai_learning_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "ai_learning_interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_learning_queue_due_idx" ON "ai_learning_queue" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "ai_assistant_actions_running_idx" ON "ai_assistant_actions" USING btree ("lease_until") WHERE "ai_assistant_actions"."status" = 'running';