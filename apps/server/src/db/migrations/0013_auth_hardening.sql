CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "redacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_windows_ends_idx" ON "rate_limit_windows" USING btree ("ends_at");--> statement-breakpoint
-- users.token_version: every writer of "users" (the admin routes, password change and reset, the CLI,
-- an operator's own SQL) bumps it when what an access token vouches for changes, so no code path can
-- forget to. Access tokens carry the version they were signed with (plugins/auth-guard.ts).
CREATE FUNCTION "users_bump_token_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."role" IS DISTINCT FROM OLD."role"
    OR NEW."status" IS DISTINCT FROM OLD."status"
    OR NEW."granted_permissions" IS DISTINCT FROM OLD."granted_permissions"
    OR NEW."password_hash" IS DISTINCT FROM OLD."password_hash"
    OR NEW."email" IS DISTINCT FROM OLD."email" THEN
    NEW."token_version" := OLD."token_version" + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_bump_token_version" BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_bump_token_version"();
--> statement-breakpoint
-- Tells every API process (LISTEN stratos_user_access) to drop its cached copy at commit.
CREATE FUNCTION "users_notify_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stratos_user_access', OLD."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_access_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (NEW."token_version" IS DISTINCT FROM OLD."token_version")
  EXECUTE FUNCTION "users_notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_access_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_notify_access_change"();
--> statement-breakpoint
-- Code mails kept before this migration carried their code in clear; hide it as new ones are.
UPDATE "outbox" SET
  "subject" = regexp_replace("subject", '\m[0-9]{6}\M', '••••••', 'g'),
  "text_body" = regexp_replace("text_body", '\m[0-9]{6}\M', '••••••', 'g'),
  "html_body" = regexp_replace("html_body", '\m[0-9]{6}\M', '••••••', 'g'),
  "redacted" = true
WHERE "kind" IN ('signup_code', 'reset_code');
