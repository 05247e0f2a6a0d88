-- Vectors that an external PostgreSQL with pgvector can index (issue 32 item 4; decision 036,
-- "pgvector"). Where the extension is installed on the server and the app's role may create it,
-- it is created here; anywhere else (the embedded PostgreSQL has no pgvector, a managed one may
-- refuse the role) nothing happens and semantic search keeps its exact scan over real[]. The
-- caught error is neither raised nor written to the server's log. The vectors stay in
-- passage_embeddings.embedding (real[]); the approximate index is an expression index on
-- (embedding::vector(n)) per model, made by the passage-embeddings job once it knows n.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS vector;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector not available (%): semantic search scans vectors exactly', SQLERRM;
END $$;
