CREATE TABLE "merch_order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "merch_order_items_quantity_positive" CHECK ("merch_order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "merch_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_intent_id" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"estimated_delivery" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merch_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"category" text NOT NULL,
	"colors" jsonb NOT NULL,
	"sizes" jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merch_products_stock_nonneg" CHECK ("merch_products"."stock" >= 0),
	CONSTRAINT "merch_products_price_positive" CHECK ("merch_products"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "merch_order_items" ADD CONSTRAINT "merch_order_items_order_id_merch_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "merch_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_order_items" ADD CONSTRAINT "merch_order_items_product_id_merch_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "merch_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merch_order_items_order_idx" ON "merch_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merch_orders_number_uq" ON "merch_orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "merch_orders_idem_uq" ON "merch_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "merch_orders_intent_uq" ON "merch_orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "merch_orders_user_idx" ON "merch_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "merch_orders_status_idx" ON "merch_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merch_products_sku_uq" ON "merch_products" USING btree ("sku");