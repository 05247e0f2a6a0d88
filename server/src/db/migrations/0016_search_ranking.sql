-- Issue 32: ranked retrieval (BM25-style) and "Ask your meetings".
-- Typo tolerance compares query words with the words passages use (pg_trgm). pg_trgm ships
-- with PostgreSQL's contrib (the embedded server has it) and is a trusted extension; where a
-- server lacks it, search works without typo tolerance (search.repo.ts checks for it).
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available: search works without typo tolerance';
END $$;
--> statement-breakpoint
-- How many passages use each lexeme, per text search configuration: the document frequency
-- that makes rare words weigh more, and the vocabulary typos are matched against.
CREATE TABLE "search_vocabulary" (
  "config" regconfig NOT NULL,
  "lexeme" text NOT NULL,
  "passages" integer NOT NULL,
  PRIMARY KEY ("config", "lexeme")
);
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("lexeme" gin_trgm_ops)';
  END IF;
END $$;
--> statement-breakpoint
-- Passages and their total length (distinct lexemes) per configuration: N and the average
-- passage length of the BM25 formula.
CREATE TABLE "search_stats" (
  "config" regconfig PRIMARY KEY,
  "passages" bigint NOT NULL,
  "lexemes" bigint NOT NULL
);
--> statement-breakpoint
-- Kept by statement triggers on search_passages (one upsert per statement, lexemes in order so
-- that two meetings indexed at once cannot deadlock).
CREATE FUNCTION minutes_search_vocabulary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary AS v (config, lexeme, passages)
  SELECT n.config, l.lexeme, count(*)::int FROM new_rows n CROSS JOIN LATERAL unnest(tsvector_to_array(n.tsv)) AS l(lexeme)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (config, lexeme) DO UPDATE SET passages = v.passages + EXCLUDED.passages;
  INSERT INTO search_stats AS s (config, passages, lexemes)
  SELECT n.config, count(*), coalesce(sum(length(n.tsv)), 0) FROM new_rows n GROUP BY 1 ORDER BY 1
  ON CONFLICT (config) DO UPDATE SET passages = s.passages + EXCLUDED.passages, lexemes = s.lexemes + EXCLUDED.lexemes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION minutes_search_vocabulary_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_vocabulary v SET passages = greatest(0, v.passages - d.n)
  FROM (SELECT o.config, l.lexeme, count(*)::int AS n FROM old_rows o CROSS JOIN LATERAL unnest(tsvector_to_array(o.tsv)) AS l(lexeme)
        GROUP BY 1, 2 ORDER BY 1, 2) d
  WHERE v.config = d.config AND v.lexeme = d.lexeme;
  UPDATE search_stats s SET passages = greatest(0, s.passages - d.n), lexemes = greatest(0, s.lexemes - d.l)
  FROM (SELECT o.config, count(*) AS n, coalesce(sum(length(o.tsv)), 0) AS l FROM old_rows o GROUP BY 1) d
  WHERE s.config = d.config;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_passages_vocabulary_insert AFTER INSERT ON "search_passages"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION minutes_search_vocabulary_add();
--> statement-breakpoint
CREATE TRIGGER search_passages_vocabulary_delete AFTER DELETE ON "search_passages"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION minutes_search_vocabulary_remove();
--> statement-breakpoint
CREATE TRIGGER search_passages_vocabulary_update_old AFTER UPDATE ON "search_passages"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION minutes_search_vocabulary_remove();
--> statement-breakpoint
CREATE TRIGGER search_passages_vocabulary_update_new AFTER UPDATE ON "search_passages"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION minutes_search_vocabulary_add();
--> statement-breakpoint
INSERT INTO search_vocabulary (config, lexeme, passages)
SELECT p.config, l.lexeme, count(*)::int FROM search_passages p CROSS JOIN LATERAL unnest(tsvector_to_array(p.tsv)) AS l(lexeme)
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO search_stats (config, passages, lexemes)
SELECT config, count(*), coalesce(sum(length(tsv)), 0) FROM search_passages GROUP BY 1;
--> statement-breakpoint
-- The filters of a search: a speaker's passages, and meetings by date.
CREATE INDEX "meetings_recorded_idx" ON "meetings" ("recorded_at");
--> statement-breakpoint
-- "Ask your meetings": a user's recent questions (the answers are asked again when opened:
-- access may have changed since).
CREATE TABLE "ask_questions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "meeting_id" uuid REFERENCES "meetings"("id") ON DELETE CASCADE,
  "question" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ask_questions_user_idx" ON "ask_questions" ("user_id", "created_at");
