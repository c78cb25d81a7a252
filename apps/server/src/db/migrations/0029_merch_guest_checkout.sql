ALTER TABLE "payment_intents" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "merch_orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "merch_orders_guest_idem_uq" ON "merch_orders" USING btree ("email","idempotency_key") WHERE "merch_orders"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "merch_orders_guest_email_idx" ON "merch_orders" USING btree ("email") WHERE "merch_orders"."user_id" IS NULL;