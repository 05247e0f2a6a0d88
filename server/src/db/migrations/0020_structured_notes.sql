-- Notes as structure, not markdown (issue 30, decision 034): meetings.notes is
-- {"overview": text, "keyPoints": [point], "decisions": [point]}, a point being
-- {"text", "speaker" (null when unknown), "start" (seconds, null when unknown)}. The markdown
-- `summary` and the `decisions` list it repeated are converted once, here, and dropped.
ALTER TABLE "meetings" ADD COLUMN IF NOT EXISTS "notes" jsonb;
--> statement-breakpoint
-- Action items the scorer is unsure of: shown apart as "Possible action items" until a person
-- accepts one (suggested = false) or dismisses it (deleted_at, so regenerating skips it).
ALTER TABLE "action_items" ADD COLUMN IF NOT EXISTS "suggested" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- One markdown bullet as a point: list marker, emphasis and code marks gone; a trailing "(Name)" that names
-- a speaker of the meeting (or looks like a name) is the speaker. Times are unknown here.
CREATE FUNCTION minutes_tmp_point(line text, speakers text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text := btrim(regexp_replace(line, '^\s*(?:[-*•]|[0-9]+[.)])\s+', ''));
  who text;
BEGIN
  -- Emphasis and code marks: **bold**, __bold__, *em*, `code`.
  t := btrim(regexp_replace(replace(replace(t, '**', ''), '__', ''), '\*([^*]+)\*|`([^`]+)`', '\1\2', 'g'));
  who := btrim(substring(t from '\(([^()]+)\)\s*$'));
  IF who IS NOT NULL AND (who = ANY(speakers) OR who ~ '^[[:upper:]][^[:space:]()]*([[:space:]][[:upper:]][^[:space:]()]*){0,3}$') THEN
    t := btrim(regexp_replace(t, '\s*\([^()]+\)\s*$', ''));
  ELSE
    who := NULL;
  END IF;
  RETURN jsonb_build_object('text', t, 'speaker', who, 'start', NULL);
END $$;
--> statement-breakpoint
-- The stored markdown summary and decision list as notes. Lines before the first heading that
-- are not bullets are the overview; "Key points"/"Decisions" headings (bold, #, or "Label:")
-- switch the list. The decisions column wins over a "Decisions" section, never both.
CREATE FUNCTION minutes_tmp_notes(summary text, decisions jsonb, speakers text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  section text := 'overview';
  line text;
  bare text;
  overview text[] := '{}';
  points jsonb := '[]';
  decided jsonb := '[]';
  listed jsonb := '[]';
  d text;
BEGIN
  FOR line IN SELECT l FROM regexp_split_to_table(coalesce(summary, ''), '\n') AS l LOOP
    bare := lower(btrim(regexp_replace(line, '[#*_:]', '', 'g')));
    CONTINUE WHEN bare = '';
    IF line !~ '^\s*(?:[-*•]|[0-9]+[.)])\s+' AND bare IN ('key points', 'summary', 'highlights', 'notes') THEN
      section := 'points';
    ELSIF line !~ '^\s*(?:[-*•]|[0-9]+[.)])\s+' AND bare IN ('decisions', 'decisions made') THEN
      section := 'decisions';
    ELSIF line !~ '^\s*(?:[-*•]|[0-9]+[.)])\s+' AND line ~ '^\s*#' THEN
      section := 'points';
    ELSIF section = 'decisions' THEN
      listed := listed || jsonb_build_array(minutes_tmp_point(line, speakers));
    ELSIF section = 'overview' AND line !~ '^\s*(?:[-*•]|[0-9]+[.)])\s+' THEN
      overview := overview || btrim(replace(replace(line, '**', ''), '__', ''));
    ELSE
      points := points || jsonb_build_array(minutes_tmp_point(line, speakers));
    END IF;
  END LOOP;
  IF jsonb_typeof(decisions) = 'array' AND jsonb_array_length(decisions) > 0 THEN
    FOR d IN SELECT x FROM jsonb_array_elements_text(decisions) AS x LOOP
      CONTINUE WHEN btrim(d) = '';
      decided := decided || jsonb_build_array(minutes_tmp_point(d, speakers));
    END LOOP;
  ELSE
    decided := listed;
  END IF;
  RETURN jsonb_build_object('overview', array_to_string(overview, ' '), 'keyPoints', points, 'decisions', decided);
END $$;
--> statement-breakpoint
UPDATE "meetings" SET "notes" = minutes_tmp_notes("summary", "decisions", "speakers")
WHERE "notes" IS NULL AND ("summary" IS NOT NULL OR jsonb_typeof("decisions") = 'array');
--> statement-breakpoint
DROP FUNCTION minutes_tmp_notes(text, jsonb, text[]);
--> statement-breakpoint
DROP FUNCTION minutes_tmp_point(text, text[]);
--> statement-breakpoint
-- Search reads the notes: the overview and each key point as 'summary' passages, each decision
-- as a 'decision' passage, with its speaker and time (a hit opens the moment).
CREATE FUNCTION minutes_index_notes(m meetings, cfg regconfig) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_passages WHERE meeting_id = m.id AND kind IN ('summary', 'decision');
  IF jsonb_typeof(m.notes) <> 'object' THEN
    RETURN;
  END IF;
  IF btrim(coalesce(m.notes->>'overview', '')) <> '' THEN
    INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
    VALUES (m.id, 'summary', 0, m.notes->>'overview', cfg, setweight(to_tsvector(cfg, m.notes->>'overview'), 'B'));
  END IF;
  IF jsonb_typeof(m.notes->'keyPoints') = 'array' THEN
    INSERT INTO search_passages (meeting_id, kind, position, speaker, start_seconds, body, config, tsv)
    SELECT m.id, 'summary', p.n::int, nullif(btrim(p.v->>'speaker'), ''), (p.v->>'start')::double precision, p.v->>'text', cfg,
      setweight(to_tsvector(cfg, p.v->>'text'), 'B')
    FROM jsonb_array_elements(m.notes->'keyPoints') WITH ORDINALITY AS p(v, n)
    WHERE btrim(coalesce(p.v->>'text', '')) <> '';
  END IF;
  IF jsonb_typeof(m.notes->'decisions') = 'array' THEN
    INSERT INTO search_passages (meeting_id, kind, position, speaker, start_seconds, body, config, tsv)
    SELECT m.id, 'decision', (p.n - 1)::int, nullif(btrim(p.v->>'speaker'), ''), (p.v->>'start')::double precision, p.v->>'text', cfg,
      setweight(to_tsvector(cfg, p.v->>'text'), 'B')
    FROM jsonb_array_elements(m.notes->'decisions') WITH ORDINALITY AS p(v, n)
    WHERE btrim(coalesce(p.v->>'text', '')) <> '';
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION minutes_index_meeting(m meetings) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig := minutes_meeting_search_config(m.transcript_language, m.language);
BEGIN
  DELETE FROM search_passages WHERE meeting_id = m.id AND kind <> 'action_item';
  INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
  VALUES (m.id, 'title', 0, m.title, cfg, setweight(to_tsvector(cfg, m.title), 'A'));
  PERFORM minutes_index_notes(m, cfg);
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
DROP TRIGGER IF EXISTS meetings_search_update ON "meetings";
--> statement-breakpoint
ALTER TABLE "meetings" DROP COLUMN IF EXISTS "summary";
--> statement-breakpoint
ALTER TABLE "meetings" DROP COLUMN IF EXISTS "decisions";
--> statement-breakpoint
CREATE TRIGGER meetings_search_update AFTER UPDATE ON "meetings"
FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.notes IS DISTINCT FROM NEW.notes
  OR OLD.utterances IS DISTINCT FROM NEW.utterances
  OR OLD.transcript IS DISTINCT FROM NEW.transcript OR OLD.language IS DISTINCT FROM NEW.language
  OR OLD.transcript_language IS DISTINCT FROM NEW.transcript_language
) EXECUTE FUNCTION minutes_meetings_search_trigger();
--> statement-breakpoint
SELECT minutes_index_notes(m, minutes_meeting_search_config(m.transcript_language, m.language)) FROM "meetings" m;
