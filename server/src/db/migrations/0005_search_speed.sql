-- Issue 14: search finds the text search configurations in use with a loose index scan over
-- this index, then matches each with a constant tsquery the GIN index can answer.
CREATE INDEX "search_passages_config_idx" ON "search_passages" ("config");
--> statement-breakpoint
-- Replaced by search_passages (0001): a whole-transcript tsvector on every meeting row made
-- the table ten times larger and was recomputed on every progress update.
DROP INDEX IF EXISTS "meetings_search_idx";
--> statement-breakpoint
ALTER TABLE "meetings" DROP COLUMN IF EXISTS "search_vector";
--> statement-breakpoint
-- The dashboard's order: when meetings were held, newest first (upload time breaks ties).
CREATE INDEX "meetings_user_recorded_idx" ON "meetings" ("user_id", "recorded_at", "created_at");
--> statement-breakpoint
-- Deleted action items (kept for undo with deleted_at) leave search, and come back on undo.
CREATE OR REPLACE FUNCTION minutes_index_action_item(item_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_passages WHERE action_item_id = item_id;
  INSERT INTO search_passages (meeting_id, kind, position, action_item_id, speaker, start_seconds, body, config, tsv)
  SELECT a.meeting_id, 'action_item', 0, a.id, a.assignee, a.source_start, a.description, c.cfg,
    setweight(to_tsvector(c.cfg, a.description), 'B') || setweight(to_tsvector('simple', coalesce(a.assignee, '')), 'D')
  FROM action_items a
  JOIN meetings m ON m.id = a.meeting_id
  CROSS JOIN LATERAL (SELECT minutes_meeting_search_config(m.transcript_language, m.language) AS cfg) c
  WHERE a.id = item_id AND a.deleted_at IS NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS action_items_search ON "action_items";
--> statement-breakpoint
CREATE TRIGGER action_items_search AFTER INSERT OR UPDATE OF description, assignee, source_start, deleted_at ON "action_items"
FOR EACH ROW EXECUTE FUNCTION minutes_action_items_search_trigger();
--> statement-breakpoint
DELETE FROM search_passages p USING action_items a WHERE p.action_item_id = a.id AND a.deleted_at IS NOT NULL;
