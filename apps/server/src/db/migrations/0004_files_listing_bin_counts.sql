CREATE TABLE "folder_file_counts" (
	"owner_id" uuid NOT NULL,
	"folder_key" uuid NOT NULL,
	"live_files" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "folder_file_counts_owner_id_folder_key_pk" PRIMARY KEY("owner_id","folder_key")
);
--> statement-breakpoint
DROP INDEX "files_owner_folder_name_idx";--> statement-breakpoint
DROP INDEX "files_owner_folder_size_idx";--> statement-breakpoint
DROP INDEX "files_owner_folder_created_idx";--> statement-breakpoint
DROP INDEX "files_owner_folder_type_idx";--> statement-breakpoint
ALTER TABLE "folder_file_counts" ADD CONSTRAINT "folder_file_counts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_binned_idx" ON "files" USING btree ("owner_id","deleted_at") WHERE "files"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "files_delete_batch_idx" ON "files" USING btree ("delete_batch") WHERE "files"."delete_batch" is not null;--> statement-breakpoint
CREATE INDEX "folders_owner_binned_idx" ON "folders" USING btree ("owner_id","deleted_at") WHERE "folders"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "folders_delete_batch_idx" ON "folders" USING btree ("delete_batch") WHERE "folders"."delete_batch" is not null;--> statement-breakpoint
CREATE INDEX "share_links_owner_idx" ON "share_links" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_folder_name_idx" ON "files" USING btree ("owner_id","folder_id",lower("name"),"id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_owner_folder_size_idx" ON "files" USING btree ("owner_id","folder_id","size","id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_owner_folder_created_idx" ON "files" USING btree ("owner_id","folder_id","created_at","id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_owner_folder_type_idx" ON "files" USING btree ("owner_id","folder_id","mime_type","id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
-- folder_file_counts: live files per (owner, folder), maintained by statement-level triggers so every
-- writer of "files" (uploads, moves, the recycle bin, purges, deleted users) keeps it right. Keys are
-- touched in a fixed order, so concurrent statements cannot deadlock on them.
CREATE FUNCTION "files_live_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "folder_file_counts" AS c ("owner_id", "folder_key", "live_files")
    SELECT "owner_id", coalesce("folder_id", '00000000-0000-0000-0000-000000000000'::uuid), count(*)
    FROM new_rows WHERE "deleted_at" IS NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("owner_id", "folder_key") DO UPDATE SET "live_files" = c."live_files" + excluded."live_files";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "folder_file_counts" AS c ("owner_id", "folder_key", "live_files")
    SELECT "owner_id", k, sum(d) FROM (
      SELECT "owner_id", coalesce("folder_id", '00000000-0000-0000-0000-000000000000'::uuid) AS k, 1 AS d
      FROM new_rows WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "owner_id", coalesce("folder_id", '00000000-0000-0000-0000-000000000000'::uuid), -1
      FROM old_rows WHERE "deleted_at" IS NULL
    ) moved GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT ("owner_id", "folder_key") DO UPDATE SET "live_files" = c."live_files" + excluded."live_files";
  ELSE
    -- Only decrements rows that exist: a deleted user's counts are cascade-deleted, never re-inserted.
    UPDATE "folder_file_counts" AS c SET "live_files" = c."live_files" - gone.n
    FROM (
      SELECT "owner_id", coalesce("folder_id", '00000000-0000-0000-0000-000000000000'::uuid) AS k, count(*) AS n
      FROM old_rows WHERE "deleted_at" IS NULL GROUP BY 1, 2
    ) gone
    WHERE c."owner_id" = gone."owner_id" AND c."folder_key" = gone.k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "files_live_counts_insert" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "files_live_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "files_live_counts_update" AFTER UPDATE ON "files"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "files_live_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "files_live_counts_delete" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "files_live_counts_apply"();
--> statement-breakpoint
INSERT INTO "folder_file_counts" ("owner_id", "folder_key", "live_files")
SELECT "owner_id", coalesce("folder_id", '00000000-0000-0000-0000-000000000000'::uuid), count(*)
FROM "files" WHERE "deleted_at" IS NULL GROUP BY 1, 2;
