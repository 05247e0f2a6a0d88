-- Recordings made in the browser (modules/recordings): a session collects the chunks that
-- MediaRecorder writes every second or so; finishing joins them into one meeting. A chunk
-- row is written after its blob is stored, so the rows say which chunks the server holds.
CREATE TABLE IF NOT EXISTS "recording_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" bigint NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	-- Set while one request joins the chunks, so a second finish does not join them again.
	"finishing_since" timestamp with time zone,
	-- The meeting it became; a repeated finish (its answer lost on the network) returns it.
	"meeting_id" uuid
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recording_sessions_user_idx" ON "recording_sessions" ("user_id");
--> statement-breakpoint
-- The abandoned-session sweep finds sessions by their last activity.
CREATE INDEX IF NOT EXISTS "recording_sessions_updated_idx" ON "recording_sessions" ("updated_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "recording_chunks" (
	"session_id" uuid NOT NULL REFERENCES "recording_sessions"("id") ON DELETE CASCADE,
	"n" integer NOT NULL CHECK ("n" >= 0),
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("session_id", "n")
);
