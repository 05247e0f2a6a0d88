-- Issue 10: CHECK constraints on every status- and kind-like text column, so a bad value is
-- refused by the database whatever writes it. Rows a bug or an older version may have left
-- outside the allowed values are first brought inside, so this migration cannot fail on real
-- data (each UPDATE touches only such rows; none exist where the code alone wrote them).
-- The same lists live in server/src/db/schema/ (check()), contract/ and better-auth.

-- meetings: an unknown status, or an unknown step while processing, becomes a failure the user can retry.
UPDATE "meetings" SET "status" = 'failed', "step" = NULL, "step_detail" = NULL, "error_retryable" = true,
	"error" = 'Processing stopped in a state this version does not know. Use ''Retry processing'' to run it again.'
	WHERE "status" NOT IN ('uploading', 'processing', 'completed', 'failed')
	OR ("status" = 'processing' AND "step" IS NOT NULL AND "step" NOT IN ('prepare', 'transcribe', 'summarize'));--> statement-breakpoint
UPDATE "meetings" SET "step" = NULL WHERE "step" IS NOT NULL AND "step" NOT IN ('prepare', 'transcribe', 'summarize');--> statement-breakpoint
UPDATE "meetings" SET "source_type" = CASE
	WHEN "source_url" IS NOT NULL THEN 'link'
	WHEN "storage_key" IS NULL AND "transcript" IS NOT NULL THEN 'transcript_import'
	ELSE 'file_upload' END
	WHERE "source_type" NOT IN ('file_upload', 'link', 'transcript_import');--> statement-breakpoint
UPDATE "meetings" SET "progress" = greatest(0, least(100, "progress")) WHERE "progress" NOT BETWEEN 0 AND 100;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_status_check" CHECK ("status" IN ('uploading', 'processing', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_source_type_check" CHECK ("source_type" IN ('file_upload', 'link', 'transcript_import'));--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_step_check" CHECK ("step" IN ('prepare', 'transcribe', 'summarize'));--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_progress_check" CHECK ("progress" BETWEEN 0 AND 100);--> statement-breakpoint

-- action items: an unknown status is open again; an unknown origin counts as the person's own (kept on regeneration).
UPDATE "action_items" SET "status" = 'pending' WHERE "status" NOT IN ('pending', 'completed');--> statement-breakpoint
UPDATE "action_items" SET "origin" = 'manual' WHERE "origin" NOT IN ('extracted', 'manual');--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_status_check" CHECK ("status" IN ('pending', 'completed'));--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_origin_check" CHECK ("origin" IN ('extracted', 'manual'));--> statement-breakpoint

-- integrations: a connection to a tool the app does not know cannot be used (nor listed), and a
-- pending sign-in to one cannot finish: both go. An item takes its connection's tool.
DELETE FROM "oauth_states" WHERE "provider" NOT IN ('github', 'asana', 'trello', 'slack', 'google-calendar', 'microsoft-todo', 'notion');--> statement-breakpoint
DELETE FROM "integrations" WHERE "provider" NOT IN ('github', 'asana', 'trello', 'slack', 'google-calendar', 'microsoft-todo', 'notion');--> statement-breakpoint
UPDATE "integration_items" SET "provider" = i."provider" FROM "integrations" i
	WHERE i."id" = "integration_items"."integration_id" AND "integration_items"."provider" <> i."provider";--> statement-breakpoint
UPDATE "integration_items" SET "status" = 'failed', "error" = coalesce("error", 'Sending stopped in a state this version does not know. Send it again.')
	WHERE "status" NOT IN ('queued', 'sending', 'sent', 'failed');--> statement-breakpoint
UPDATE "webhook_logs" SET "status" = 'ignored' WHERE "status" NOT IN ('accepted', 'rejected', 'ignored', 'handshake');--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_provider_check" CHECK ("provider" IN ('github', 'asana', 'trello', 'slack', 'google-calendar', 'microsoft-todo', 'notion'));--> statement-breakpoint
ALTER TABLE "integration_items" ADD CONSTRAINT "integration_items_provider_check" CHECK ("provider" IN ('github', 'asana', 'trello', 'slack', 'google-calendar', 'microsoft-todo', 'notion'));--> statement-breakpoint
ALTER TABLE "integration_items" ADD CONSTRAINT "integration_items_status_check" CHECK ("status" IN ('queued', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_provider_check" CHECK ("provider" IN ('github', 'asana', 'trello', 'slack', 'google-calendar', 'microsoft-todo', 'notion'));--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_status_check" CHECK ("status" IN ('accepted', 'rejected', 'ignored', 'handshake'));--> statement-breakpoint

-- teams (better-auth's tables): one role per member and invitation (the app's rules already
-- insist on one); a role list or an unknown role keeps the strongest known role in it, else guest.
UPDATE "member" SET "role" = CASE
	WHEN 'owner' = ANY (string_to_array(replace("role", ' ', ''), ',')) THEN 'owner'
	WHEN 'admin' = ANY (string_to_array(replace("role", ' ', ''), ',')) THEN 'admin'
	WHEN 'member' = ANY (string_to_array(replace("role", ' ', ''), ',')) THEN 'member'
	ELSE 'guest' END
	WHERE "role" NOT IN ('owner', 'admin', 'member', 'guest');--> statement-breakpoint
UPDATE "invitation" SET "role" = CASE
	WHEN 'owner' = ANY (string_to_array(replace("role", ' ', ''), ',')) THEN 'owner'
	WHEN 'admin' = ANY (string_to_array(replace("role", ' ', ''), ',')) THEN 'admin'
	WHEN 'member' = ANY (string_to_array(replace("role", ' ', ''), ',')) THEN 'member'
	ELSE 'guest' END
	WHERE "role" NOT IN ('owner', 'admin', 'member', 'guest');--> statement-breakpoint
UPDATE "invitation" SET "status" = 'canceled' WHERE "status" NOT IN ('pending', 'accepted', 'rejected', 'canceled');--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_role_check" CHECK ("role" IN ('owner', 'admin', 'member', 'guest'));--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_role_check" CHECK ("role" IN ('owner', 'admin', 'member', 'guest'));--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_status_check" CHECK ("status" IN ('pending', 'accepted', 'rejected', 'canceled'));
