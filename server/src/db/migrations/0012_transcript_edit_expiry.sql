-- Past the undo window (TRANSCRIPT_UNDO_HOURS) a transcript edit keeps who changed which turn
-- and when, not the text: "before" is what the edit removed, and "after" may be text that a
-- later edit removed in turn. Both become NULL then (modules/meetings/transcript-edits.repo.ts).
ALTER TABLE "transcript_edits" ALTER COLUMN "before" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "transcript_edits" ALTER COLUMN "after" DROP NOT NULL;
--> statement-breakpoint
-- The periodic sweep finds the edits that still hold text by their age.
CREATE INDEX IF NOT EXISTS "transcript_edits_text_age_idx" ON "transcript_edits" ("created_at") WHERE "before" IS NOT NULL;
