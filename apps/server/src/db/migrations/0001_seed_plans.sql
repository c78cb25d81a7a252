-- The plan catalogue of DECISIONS.md section 2. Prices in cents; NULL storage or queries = unlimited.
INSERT INTO "plans" ("id", "name", "price_cents", "storage_bytes", "ai_queries_per_month", "features", "popular", "sort_order") VALUES
  ('free', 'Free', 0, 5368709120, 100, '["5 GB storage","100 AI queries per month","Basic file management"]'::jsonb, false, 0),
  ('basic', 'Basic', 999, 10737418240, 1000, '["10 GB storage","1,000 AI queries per month","Basic file management","Email support"]'::jsonb, false, 1),
  ('pro', 'Pro', 1999, 107374182400, 10000, '["100 GB storage","10,000 AI queries per month","Advanced file management","Priority support","Team collaboration"]'::jsonb, true, 2),
  ('enterprise', 'Enterprise', 4999, NULL, NULL, '["Unlimited storage","Unlimited AI queries","Enterprise features","24/7 support","Custom integrations"]'::jsonb, false, 3)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "app_settings" ("key", "value") VALUES ('maxUploadSize', '104857600'::jsonb) ON CONFLICT ("key") DO NOTHING;
