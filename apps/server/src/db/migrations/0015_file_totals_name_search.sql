-- Name search: trigrams (pg_trgm) beside the owner (btree_gin), so ILIKE '%term%' reads the index.
-- Both are trusted extensions of PostgreSQL's contrib (PGlite loads them from its contrib bundles,
-- db/pglite-extensions.ts). They go into "public", not the first schema of the search path: a test
-- suite's schema is dropped with everything in it, and the extensions are the database's.
CREATE EXTENSION IF NOT EXISTS "pg_trgm" SCHEMA "public";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "btree_gin" SCHEMA "public";
--> statement-breakpoint
CREATE TABLE "file_content_copies" (
	"owner_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"copies" integer NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "file_content_copies_owner_id_blob_id_pk" PRIMARY KEY("owner_id","blob_id")
);
--> statement-breakpoint
CREATE TABLE "file_dedup_totals" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"saved_bytes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_type_totals" (
	"owner_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "file_type_totals_owner_id_mime_type_pk" PRIMARY KEY("owner_id","mime_type")
);
--> statement-breakpoint
ALTER TABLE "file_content_copies" ADD CONSTRAINT "file_content_copies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_dedup_totals" ADD CONSTRAINT "file_dedup_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_type_totals" ADD CONSTRAINT "file_type_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
--> statement-breakpoint
-- The operator class named by the schema pg_trgm lives in (the search path may not list it).
DO $$
DECLARE
  ext_schema name;
BEGIN
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'pg_trgm';
  EXECUTE format(
    'CREATE INDEX "files_owner_name_trgm_idx" ON "files" USING gin ("owner_id", "name" %I.gin_trgm_ops) WHERE "files"."deleted_at" is null',
    ext_schema);
END
$$;
--> statement-breakpoint
-- file_type_totals, file_content_copies, file_dedup_totals (schema/file-totals.ts): signed changes
-- of a user's files, grouped by (owner, type, content, size), added in one fixed order (type rows,
-- then content rows, then the savings row, each sorted) so concurrent writers cannot deadlock on
-- them. Upserts only add, so parallel transactions need not see each other: the count an upsert
-- returns is exact (PostgreSQL re-reads a conflicting row once its writer commits). Changes of users
-- that are gone (their files cascade-deleted with them) are skipped: their totals went with them.
CREATE FUNCTION "file_totals_add"(p_owner uuid[], p_mime text[], p_blob uuid[], p_n int[], p_size bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "file_type_totals" AS t ("owner_id", "mime_type", "files", "bytes")
  SELECT d.owner_id, d.mime_type, sum(d.n), sum(d.n * d.size)
  FROM unnest(p_owner, p_mime, p_n, p_size) AS d(owner_id, mime_type, n, size)
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u.id = d.owner_id)
  GROUP BY 1, 2 HAVING sum(d.n) <> 0 OR sum(d.n * d.size) <> 0 ORDER BY 1, 2
  ON CONFLICT ("owner_id", "mime_type") DO UPDATE
    SET "files" = t."files" + excluded."files", "bytes" = t."bytes" + excluded."bytes";
  DELETE FROM "file_type_totals" t
  USING (SELECT DISTINCT owner_id, mime_type FROM unnest(p_owner, p_mime) AS d(owner_id, mime_type)) d
  WHERE t."owner_id" = d.owner_id AND t."mime_type" = d.mime_type AND t."files" = 0;

  -- saved = size x (copies - 1) per content: its change follows from the count after and the change.
  WITH d AS (
    SELECT d.owner_id, d.blob_id, sum(d.n)::int AS n, max(d.size) AS size
    FROM unnest(p_owner, p_blob, p_n, p_size) AS d(owner_id, blob_id, n, size)
    WHERE EXISTS (SELECT 1 FROM "users" u WHERE u.id = d.owner_id)
    GROUP BY 1, 2 HAVING sum(d.n) <> 0
  ), counted AS (
    INSERT INTO "file_content_copies" AS c ("owner_id", "blob_id", "copies", "size")
    SELECT owner_id, blob_id, n, size FROM d ORDER BY 1, 2
    ON CONFLICT ("owner_id", "blob_id") DO UPDATE SET "copies" = c."copies" + excluded."copies"
    RETURNING c."owner_id", c."blob_id", c."copies", c."size"
  )
  INSERT INTO "file_dedup_totals" AS s ("owner_id", "saved_bytes")
  SELECT c.owner_id, sum(c.size * (greatest(c.copies - 1, 0) - greatest(c.copies - d.n - 1, 0)))
  FROM counted c JOIN d ON d.owner_id = c.owner_id AND d.blob_id = c.blob_id
  GROUP BY 1 HAVING sum(c.size * (greatest(c.copies - 1, 0) - greatest(c.copies - d.n - 1, 0))) <> 0 ORDER BY 1
  ON CONFLICT ("owner_id") DO UPDATE SET "saved_bytes" = s."saved_bytes" + excluded."saved_bytes";
  DELETE FROM "file_content_copies" c
  USING (SELECT DISTINCT owner_id, blob_id FROM unnest(p_owner, p_blob) AS d(owner_id, blob_id)) d
  WHERE c."owner_id" = d.owner_id AND c."blob_id" = d.blob_id AND c."copies" = 0;
END
$$;
--> statement-breakpoint
-- Statement triggers (one call per statement, however many rows) pass their rows' changes as
-- arrays. Named to fire before files_live_counts_*, so every writer takes the totals' row locks
-- before the folder counts'.
CREATE FUNCTION "file_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "file_totals_add"(array_agg(owner_id), array_agg(mime_type), array_agg(blob_id), array_agg(n), array_agg(size))
    FROM (SELECT owner_id, mime_type, blob_id, size, count(*)::int AS n FROM new_rows GROUP BY 1, 2, 3, 4) g;
  ELSE
    PERFORM "file_totals_add"(array_agg(owner_id), array_agg(mime_type), array_agg(blob_id), array_agg(n), array_agg(size))
    FROM (SELECT owner_id, mime_type, blob_id, size, -count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3, 4) g;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "file_totals_insert" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "file_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "file_totals_delete" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "file_totals_apply"();
--> statement-breakpoint
-- No writer changes these columns of a stored file (moves, renames and the recycle bin change
-- others), but should one, the totals follow. A row trigger with a condition: the condition is
-- checked without calling anything, so the usual updates cost nothing here.
CREATE FUNCTION "file_totals_apply_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "file_totals_add"(ARRAY[OLD.owner_id, NEW.owner_id], ARRAY[OLD.mime_type, NEW.mime_type],
    ARRAY[OLD.blob_id, NEW.blob_id], ARRAY[-1, 1], ARRAY[OLD.size, NEW.size]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "file_totals_update" AFTER UPDATE OF "owner_id", "mime_type", "blob_id", "size" ON "files"
  FOR EACH ROW WHEN ((OLD.owner_id, OLD.mime_type, OLD.blob_id, OLD.size) IS DISTINCT FROM (NEW.owner_id, NEW.mime_type, NEW.blob_id, NEW.size))
  EXECUTE FUNCTION "file_totals_apply_change"();
--> statement-breakpoint
-- The totals of the files already stored (the triggers exist by now and this runs in the same
-- transaction, whose lock on "files" holds writers until it commits).
INSERT INTO "file_type_totals" ("owner_id", "mime_type", "files", "bytes")
SELECT "owner_id", "mime_type", count(*), sum("size") FROM "files" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "file_content_copies" ("owner_id", "blob_id", "copies", "size")
SELECT "owner_id", "blob_id", count(*), max("size") FROM "files" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "file_dedup_totals" ("owner_id", "saved_bytes")
SELECT "owner_id", sum("size" * ("copies" - 1)) FROM "file_content_copies" GROUP BY 1
HAVING sum("size" * ("copies" - 1)) <> 0;
