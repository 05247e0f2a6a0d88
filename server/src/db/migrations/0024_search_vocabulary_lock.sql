-- Two meetings indexed at once could deadlock (a 500 on an upload while another meeting's notes were saved).
-- Each statement's trigger locks its lexemes in order and then the one search_stats row, but a transaction of several
-- statements (a meeting's title, turns and notes) holds the stats row while its next statement locks more lexemes.
-- One transaction-level advisory lock taken before any vocabulary row serialises the writers in one order; they were
-- already serialised on the stats row, so this costs no concurrency.
CREATE OR REPLACE FUNCTION minutes_search_vocabulary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('minutes_search_vocabulary'));
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
CREATE OR REPLACE FUNCTION minutes_search_vocabulary_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('minutes_search_vocabulary'));
  UPDATE search_vocabulary v SET passages = greatest(0, v.passages - d.n)
  FROM (SELECT o.config, l.lexeme, count(*)::int AS n FROM old_rows o CROSS JOIN LATERAL unnest(tsvector_to_array(o.tsv)) AS l(lexeme)
        GROUP BY 1, 2 ORDER BY 1, 2) d
  WHERE v.config = d.config AND v.lexeme = d.lexeme;
  UPDATE search_stats s SET passages = greatest(0, s.passages - d.n), lexemes = greatest(0, s.lexemes - d.l)
  FROM (SELECT o.config, count(*) AS n, coalesce(sum(length(o.tsv)), 0) AS l FROM old_rows o GROUP BY 1) d
  WHERE s.config = d.config;
  RETURN NULL;
END $$;
