CREATE TABLE "credit_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"micros" bigint NOT NULL,
	"settle_key" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_holds_positive" CHECK ("credit_holds"."micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_accounts" DROP CONSTRAINT "credit_accounts_balance_nonneg";--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "held_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD COLUMN "instance_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_holds_user_idx" ON "credit_holds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_holds_instance_idx" ON "credit_holds" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "server_instances_expiry_idx" ON "server_instances" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "upload_reservations_instance_idx" ON "upload_reservations" USING btree ("instance_id");--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_held_nonneg" CHECK ("credit_accounts"."held_micros" >= 0);