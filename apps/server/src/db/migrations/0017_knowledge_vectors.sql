ALTER TABLE "ai_knowledge_embeddings" ADD CONSTRAINT "ai_knowledge_embeddings_dimensions_check" CHECK ("ai_knowledge_embeddings"."embedding_vector" is null or cardinality("ai_knowledge_embeddings"."embedding_vector") = 384);--> statement-breakpoint
-- pgvector where the database offers it (PGlite loads it; PostgreSQL only when the package is
-- installed): a stored vector(384) copy of embedding_vector that knowledge search orders by with the
-- exact <=> operator. Without the extension nothing is created and search scans in the process.
-- The type is named through the extension's schema, which may not be on the search path.
DO $$
DECLARE ext_schema text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    SELECT extnamespace::regnamespace::text INTO ext_schema FROM pg_extension WHERE extname = 'vector';
    EXECUTE format(
      'ALTER TABLE ai_knowledge_embeddings ADD COLUMN embedding %1$s.vector(384) GENERATED ALWAYS AS (embedding_vector::%1$s.vector(384)) STORED',
      ext_schema
    );
  END IF;
END $$;
