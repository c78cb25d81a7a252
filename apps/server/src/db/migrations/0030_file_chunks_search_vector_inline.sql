-- The text query reads every candidate chunk's search_vector (its @@ filter, then ts_rank): kept in
-- the row (MAIN) instead of the TOAST table, so the row's other large values (content, embedding)
-- go out of line first and the filter reads no TOAST pages. About 2.5x less CPU for the filter of
-- a user with 1,000 chunks on PGlite. The update rewrites the stored chunks in the new layout
-- (their search_vector is computed again from content).
ALTER TABLE "file_text_chunks" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
UPDATE "file_text_chunks" SET "content" = "content";
