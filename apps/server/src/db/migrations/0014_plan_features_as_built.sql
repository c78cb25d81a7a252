-- The catalogue promised what the product does not have (team collaboration, custom integrations,
-- "enterprise features", and a file management that differs by plan when every plan has the same).
-- Plans name only what they give. A catalogue the superadmin already edited is left as it is.
UPDATE "plans" SET "features" = '["5 GB storage","100 AI queries per month","Files, folders, share links and recycle bin"]'::jsonb
  WHERE "id" = 'free' AND "features" = '["5 GB storage","100 AI queries per month","Basic file management"]'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "features" = '["10 GB storage","1,000 AI queries per month","Files, folders, share links and recycle bin","Email support"]'::jsonb
  WHERE "id" = 'basic' AND "features" = '["10 GB storage","1,000 AI queries per month","Basic file management","Email support"]'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "features" = '["100 GB storage","10,000 AI queries per month","Files, folders, share links and recycle bin","Priority support"]'::jsonb
  WHERE "id" = 'pro' AND "features" = '["100 GB storage","10,000 AI queries per month","Advanced file management","Priority support","Team collaboration"]'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "features" = '["Unlimited storage","Unlimited AI queries","Files, folders, share links and recycle bin","24/7 support"]'::jsonb
  WHERE "id" = 'enterprise' AND "features" = '["Unlimited storage","Unlimited AI queries","Enterprise features","24/7 support","Custom integrations"]'::jsonb;
