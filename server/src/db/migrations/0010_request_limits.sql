-- Our own request counters (limits/): fixed windows keyed by account, user or client
-- address, shared by every web process. better-auth's own limiter (table rate_limit) keys
-- only on the address and is switched off.
CREATE TABLE IF NOT EXISTS "request_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "request_limits_window_idx" ON "request_limits" ("window_start");
--> statement-breakpoint
-- Uploads being received, by any web process. A process beats its rows while the upload
-- runs; rows of a killed process stop beating and no longer count.
CREATE TABLE IF NOT EXISTS "uploads_in_flight" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"started_at" timestamp with time zone NOT NULL DEFAULT now(),
	"beat_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uploads_in_flight_user_idx" ON "uploads_in_flight" ("user_id");
