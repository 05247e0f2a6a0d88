-- Semantic search where an embedding model is installed (issue 32 item 4; decision 036). One
-- vector per passage of search_passages and embedding model. search_passages has no id and is
-- rebuilt by triggers when a meeting's text changes, so a vector is keyed by the passage's place
-- (meeting, kind, position) and holds the md5 of the text it was made from: a vector whose text
-- changed no longer joins and is made again. real[] and an exact cosine scan work on every
-- PostgreSQL (the embedded one has no pgvector); at one user's scale the scan is small.
CREATE TABLE IF NOT EXISTS "passage_embeddings" (
  "meeting_id" uuid NOT NULL REFERENCES "meetings"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "position" integer NOT NULL,
  "model" text NOT NULL,
  "body_md5" text NOT NULL,
  "embedding" real[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "passage_embeddings_pk" PRIMARY KEY ("meeting_id", "kind", "position", "model")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passage_embeddings_model_idx" ON "passage_embeddings" ("model");
