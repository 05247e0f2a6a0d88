-- Issue 14: search across everything a user may read, stored speaker lists for the
-- dashboard, and per-turn transcript edits with undo. Hand-written (triggers and functions).

-- Text search configuration for a meeting's language ('en', 'de-DE', 'french', …); 'simple'
-- (no stemming, no stop words) for anything PostgreSQL has no dictionary for.
CREATE FUNCTION minutes_search_config(lang text) RETURNS regconfig
LANGUAGE sql STABLE AS $$
  SELECT (CASE lower(split_part(split_part(coalesce(lang, ''), '-', 1), '_', 1))
    WHEN 'ar' THEN 'arabic' WHEN 'arabic' THEN 'arabic'
    WHEN 'hy' THEN 'armenian' WHEN 'armenian' THEN 'armenian'
    WHEN 'eu' THEN 'basque' WHEN 'basque' THEN 'basque'
    WHEN 'ca' THEN 'catalan' WHEN 'catalan' THEN 'catalan'
    WHEN 'da' THEN 'danish' WHEN 'danish' THEN 'danish'
    WHEN 'nl' THEN 'dutch' WHEN 'dutch' THEN 'dutch'
    WHEN 'en' THEN 'english' WHEN 'english' THEN 'english'
    WHEN 'fi' THEN 'finnish' WHEN 'finnish' THEN 'finnish'
    WHEN 'fr' THEN 'french' WHEN 'french' THEN 'french'
    WHEN 'de' THEN 'german' WHEN 'german' THEN 'german'
    WHEN 'el' THEN 'greek' WHEN 'greek' THEN 'greek'
    WHEN 'hi' THEN 'hindi' WHEN 'hindi' THEN 'hindi'
    WHEN 'hu' THEN 'hungarian' WHEN 'hungarian' THEN 'hungarian'
    WHEN 'id' THEN 'indonesian' WHEN 'indonesian' THEN 'indonesian'
    WHEN 'ga' THEN 'irish' WHEN 'irish' THEN 'irish'
    WHEN 'it' THEN 'italian' WHEN 'italian' THEN 'italian'
    WHEN 'lt' THEN 'lithuanian' WHEN 'lithuanian' THEN 'lithuanian'
    WHEN 'ne' THEN 'nepali' WHEN 'nepali' THEN 'nepali'
    WHEN 'no' THEN 'norwegian' WHEN 'nb' THEN 'norwegian' WHEN 'nn' THEN 'norwegian' WHEN 'norwegian' THEN 'norwegian'
    WHEN 'pt' THEN 'portuguese' WHEN 'portuguese' THEN 'portuguese'
    WHEN 'ro' THEN 'romanian' WHEN 'romanian' THEN 'romanian'
    WHEN 'ru' THEN 'russian' WHEN 'russian' THEN 'russian'
    WHEN 'sr' THEN 'serbian' WHEN 'serbian' THEN 'serbian'
    WHEN 'es' THEN 'spanish' WHEN 'spanish' THEN 'spanish'
    WHEN 'sv' THEN 'swedish' WHEN 'swedish' THEN 'swedish'
    WHEN 'ta' THEN 'tamil' WHEN 'tamil' THEN 'tamil'
    WHEN 'tr' THEN 'turkish' WHEN 'turkish' THEN 'turkish'
    WHEN 'yi' THEN 'yiddish' WHEN 'yiddish' THEN 'yiddish'
    ELSE 'simple' END)::regconfig
$$;
--> statement-breakpoint
-- The meeting's language for search: what the engine detected, else what the uploader chose.
CREATE FUNCTION minutes_meeting_search_config(transcript_language text, language text) RETURNS regconfig
LANGUAGE sql STABLE AS $$
  SELECT minutes_search_config(coalesce(nullif(transcript_language, ''), nullif(nullif(language, ''), 'auto')))
$$;
--> statement-breakpoint
-- Distinct speakers in order of first appearance, kept with the row so the dashboard never
-- reads transcripts.
ALTER TABLE "meetings" ADD COLUMN "speakers" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE FUNCTION minutes_meeting_speakers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.speakers := CASE WHEN jsonb_typeof(NEW.utterances) = 'array' THEN coalesce((
    SELECT array_agg(s.name ORDER BY s.first)
    FROM (
      SELECT btrim(u->>'speaker') AS name, min(o) AS first
      FROM jsonb_array_elements(NEW.utterances) WITH ORDINALITY AS t(u, o)
      WHERE btrim(coalesce(u->>'speaker', '')) <> ''
      GROUP BY 1
    ) s), '{}'::text[]) ELSE '{}'::text[] END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER meetings_speakers BEFORE INSERT OR UPDATE OF utterances ON "meetings"
FOR EACH ROW EXECUTE FUNCTION minutes_meeting_speakers();
--> statement-breakpoint
UPDATE "meetings" SET "utterances" = "utterances";
--> statement-breakpoint
-- One row per searchable passage: the title, each summary line, each decision, each action
-- item and each transcript turn. Kept by triggers, so every writer (pipeline, import, rename,
-- edit, undo) keeps search true without knowing about it.
CREATE TABLE "search_passages" (
  "meeting_id" uuid NOT NULL REFERENCES "meetings"("id") ON DELETE CASCADE,
  -- title | summary | decision | action_item | turn
  "kind" text NOT NULL,
  -- Turn, line or decision number; 0 for the title and action items.
  "position" integer NOT NULL,
  "action_item_id" uuid REFERENCES "action_items"("id") ON DELETE CASCADE,
  "speaker" text,
  "start_seconds" double precision,
  "body" text NOT NULL,
  "config" regconfig NOT NULL,
  "tsv" tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_passages_tsv_idx" ON "search_passages" USING gin ("tsv");
--> statement-breakpoint
CREATE INDEX "search_passages_meeting_idx" ON "search_passages" ("meeting_id", "kind", "position");
--> statement-breakpoint
CREATE INDEX "search_passages_action_item_idx" ON "search_passages" ("action_item_id") WHERE "action_item_id" IS NOT NULL;
--> statement-breakpoint
-- Weights: title A, summary/decisions/action items B, what was said C, the speaker's name D
-- (so "maria budget" finds Maria talking about the budget).
CREATE FUNCTION minutes_index_meeting(m meetings) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig := minutes_meeting_search_config(m.transcript_language, m.language);
BEGIN
  DELETE FROM search_passages WHERE meeting_id = m.id AND kind <> 'action_item';
  INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
  VALUES (m.id, 'title', 0, m.title, cfg, setweight(to_tsvector(cfg, m.title), 'A'));
  IF m.summary IS NOT NULL THEN
    INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
    SELECT m.id, 'summary', l.n::int, l.line, cfg, setweight(to_tsvector(cfg, l.line), 'B')
    FROM regexp_split_to_table(m.summary, '\n') WITH ORDINALITY AS l(line, n)
    WHERE btrim(l.line) <> '';
  END IF;
  IF jsonb_typeof(m.decisions) = 'array' THEN
    INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
    SELECT m.id, 'decision', (d.n - 1)::int, d.text, cfg, setweight(to_tsvector(cfg, d.text), 'B')
    FROM jsonb_array_elements_text(m.decisions) WITH ORDINALITY AS d(text, n)
    WHERE btrim(d.text) <> '';
  END IF;
  IF jsonb_typeof(m.utterances) = 'array' AND jsonb_array_length(m.utterances) > 0 THEN
    INSERT INTO search_passages (meeting_id, kind, position, speaker, start_seconds, body, config, tsv)
    SELECT m.id, 'turn', (u.n - 1)::int, nullif(btrim(u.v->>'speaker'), ''), (u.v->>'start')::double precision,
      u.v->>'text', cfg,
      setweight(to_tsvector(cfg, coalesce(u.v->>'text', '')), 'C') || setweight(to_tsvector('simple', coalesce(u.v->>'speaker', '')), 'D')
    FROM jsonb_array_elements(m.utterances) WITH ORDINALITY AS u(v, n)
    WHERE btrim(coalesce(u.v->>'text', '')) <> '';
  ELSIF m.transcript IS NOT NULL THEN
    -- A transcript without turns: its paragraphs.
    INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
    SELECT m.id, 'turn', (l.n - 1)::int, l.line, cfg, setweight(to_tsvector(cfg, l.line), 'C')
    FROM regexp_split_to_table(m.transcript, '\n') WITH ORDINALITY AS l(line, n)
    WHERE btrim(l.line) <> '';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION minutes_index_action_item(item_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_passages WHERE action_item_id = item_id;
  INSERT INTO search_passages (meeting_id, kind, position, action_item_id, speaker, start_seconds, body, config, tsv)
  SELECT a.meeting_id, 'action_item', 0, a.id, a.assignee, a.source_start, a.description, c.cfg,
    setweight(to_tsvector(c.cfg, a.description), 'B') || setweight(to_tsvector('simple', coalesce(a.assignee, '')), 'D')
  FROM action_items a
  JOIN meetings m ON m.id = a.meeting_id
  CROSS JOIN LATERAL (SELECT minutes_meeting_search_config(m.transcript_language, m.language) AS cfg) c
  WHERE a.id = item_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION minutes_meetings_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM minutes_index_meeting(NEW);
  IF TG_OP = 'UPDATE' AND (OLD.language IS DISTINCT FROM NEW.language OR OLD.transcript_language IS DISTINCT FROM NEW.transcript_language) THEN
    PERFORM minutes_index_action_item(a.id) FROM action_items a WHERE a.meeting_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meetings_search_insert AFTER INSERT ON "meetings"
FOR EACH ROW EXECUTE FUNCTION minutes_meetings_search_trigger();
--> statement-breakpoint
CREATE TRIGGER meetings_search_update AFTER UPDATE ON "meetings"
FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.summary IS DISTINCT FROM NEW.summary
  OR OLD.decisions IS DISTINCT FROM NEW.decisions OR OLD.utterances IS DISTINCT FROM NEW.utterances
  OR OLD.transcript IS DISTINCT FROM NEW.transcript OR OLD.language IS DISTINCT FROM NEW.language
  OR OLD.transcript_language IS DISTINCT FROM NEW.transcript_language
) EXECUTE FUNCTION minutes_meetings_search_trigger();
--> statement-breakpoint
CREATE FUNCTION minutes_action_items_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM minutes_index_action_item(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER action_items_search AFTER INSERT OR UPDATE OF description, assignee, source_start ON "action_items"
FOR EACH ROW EXECUTE FUNCTION minutes_action_items_search_trigger();
--> statement-breakpoint
SELECT minutes_index_meeting(m) FROM "meetings" m;
--> statement-breakpoint
SELECT minutes_index_action_item(a.id) FROM "action_items" a;
--> statement-breakpoint
-- Per-turn corrections, newest last; the service keeps the last 20 per meeting for undo.
CREATE TABLE "transcript_edits" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "meeting_id" uuid NOT NULL REFERENCES "meetings"("id") ON DELETE CASCADE,
  "turn_index" integer NOT NULL,
  "before" jsonb NOT NULL,
  "after" jsonb NOT NULL,
  "editor_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transcript_edits_meeting_idx" ON "transcript_edits" ("meeting_id", "created_at");
