-- How many times the meeting's current step has started without finishing: a step that took the
-- process down again and again (a poison input) is failed at start-up instead of run once more.
ALTER TABLE "meetings" ADD COLUMN IF NOT EXISTS "step_attempts" integer DEFAULT 0 NOT NULL;
