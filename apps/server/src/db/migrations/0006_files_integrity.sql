CREATE TABLE "upload_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_user_idx" ON "upload_reservations" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "upload_reservations_expiry_idx" ON "upload_reservations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "blobs_backend_key_idx" ON "blobs" USING btree ("backend","storage_key");--> statement-breakpoint
CREATE INDEX "blobs_unreferenced_idx" ON "blobs" USING btree ("id") WHERE "blobs"."ref_count" <= 0;--> statement-breakpoint
ALTER TABLE "storage_accounts" DROP COLUMN "reserved_bytes";--> statement-breakpoint
-- Deleting a user cascades to their file rows, each of which held one reference on its blob. This
-- trigger gives those references back in the same transaction, whoever deletes the user: content
-- shared with other users keeps their references; content only this user had drops to 0 and its
-- row and bytes are collected by the files.collect-garbage job. Blob rows are locked in id order,
-- so two users deleted at once cannot deadlock on them.
CREATE FUNCTION "users_release_blob_refs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "blobs"
  WHERE "id" IN (SELECT "blob_id" FROM "files" WHERE "owner_id" = OLD."id")
  ORDER BY "id" FOR UPDATE;
  UPDATE "blobs" AS b SET "ref_count" = b."ref_count" - gone.n
  FROM (
    SELECT "blob_id", count(*)::integer AS n FROM "files" WHERE "owner_id" = OLD."id" GROUP BY "blob_id"
  ) gone
  WHERE b."id" = gone."blob_id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_release_blob_refs" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_release_blob_refs"();
