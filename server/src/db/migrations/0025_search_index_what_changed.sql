-- A change to a meeting re-indexed all of it: a title typed, a speaker's turn corrected or the notes saved on a
-- 16 MB meeting rebuilt every search passage (about 17 s of the request's time, and every passage's vector to embed
-- again). Now only what changed is indexed again: the title, the notes, or the turns whose JSON differs; the whole
-- meeting only when its language changes or the number of turns does (the passages' positions move then).
CREATE OR REPLACE FUNCTION minutes_index_title(m meetings, cfg regconfig) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_passages WHERE meeting_id = m.id AND kind = 'title';
  INSERT INTO search_passages (meeting_id, kind, position, body, config, tsv)
  VALUES (m.id, 'title', 0, m.title, cfg, setweight(to_tsvector(cfg, m.title), 'A'));
END $$;
--> statement-breakpoint
-- o: the meeting before the change (NULL: index every turn).
CREATE OR REPLACE FUNCTION minutes_index_turns(o meetings, m meetings, cfg regconfig) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_typeof(m.utterances) = 'array' AND jsonb_array_length(m.utterances) > 0
     AND jsonb_typeof(o.utterances) = 'array' AND jsonb_array_length(o.utterances) = jsonb_array_length(m.utterances) THEN
    -- The same turns, some edited (a correction, an undo): only those. (The delete and the insert are one
    -- statement and see one snapshot, so the new passages are not deleted.)
    WITH changed AS (
      SELECT (u.n - 1)::int AS n, u.v FROM jsonb_array_elements(m.utterances) WITH ORDINALITY AS u(v, n)
      WHERE u.v IS DISTINCT FROM o.utterances -> (u.n - 1)::int
    ), gone AS (
      DELETE FROM search_passages p USING changed c WHERE p.meeting_id = m.id AND p.kind = 'turn' AND p.position = c.n
    )
    INSERT INTO search_passages (meeting_id, kind, position, speaker, start_seconds, body, config, tsv)
    SELECT m.id, 'turn', c.n, nullif(btrim(c.v->>'speaker'), ''), (c.v->>'start')::double precision,
      c.v->>'text', cfg,
      setweight(to_tsvector(cfg, coalesce(c.v->>'text', '')), 'C') || setweight(to_tsvector('simple', coalesce(c.v->>'speaker', '')), 'D')
    FROM changed c
    WHERE btrim(coalesce(c.v->>'text', '')) <> '';
    RETURN;
  END IF;
  DELETE FROM search_passages WHERE meeting_id = m.id AND kind = 'turn';
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
-- The whole meeting (a new one, or a language changed): the same three parts.
CREATE OR REPLACE FUNCTION minutes_index_meeting(m meetings) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig := minutes_meeting_search_config(m.transcript_language, m.language);
BEGIN
  PERFORM minutes_index_title(m, cfg);
  PERFORM minutes_index_notes(m, cfg);
  PERFORM minutes_index_turns(NULL, m, cfg);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION minutes_meetings_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM minutes_index_meeting(NEW);
    RETURN NULL;
  END IF;
  IF OLD.language IS DISTINCT FROM NEW.language OR OLD.transcript_language IS DISTINCT FROM NEW.transcript_language THEN
    PERFORM minutes_index_meeting(NEW);
    PERFORM minutes_index_action_item(a.id) FROM action_items a WHERE a.meeting_id = NEW.id;
    RETURN NULL;
  END IF;
  cfg := minutes_meeting_search_config(NEW.transcript_language, NEW.language);
  IF OLD.title IS DISTINCT FROM NEW.title THEN
    PERFORM minutes_index_title(NEW, cfg);
  END IF;
  IF OLD.notes IS DISTINCT FROM NEW.notes THEN
    PERFORM minutes_index_notes(NEW, cfg);
  END IF;
  IF OLD.utterances IS DISTINCT FROM NEW.utterances OR OLD.transcript IS DISTINCT FROM NEW.transcript THEN
    PERFORM minutes_index_turns(OLD, NEW, cfg);
  END IF;
  RETURN NULL;
END $$;
