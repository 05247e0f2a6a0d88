-- Webhooks (issue 28). Replay keys live apart from the logs, so that pruning old log rows
-- (WEBHOOK_LOG_RETENTION_DAYS) never makes an old signed delivery acceptable again. Only
-- deliveries that passed the signature check and changed something add a key, so only the
-- provider can make this table grow; the keys go with their integration.
CREATE TABLE IF NOT EXISTS "webhook_replay_keys" (
	"integration_id" uuid NOT NULL REFERENCES "integrations"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("integration_id", "key")
);
--> statement-breakpoint
INSERT INTO "webhook_replay_keys" ("integration_id", "key", "created_at")
	SELECT "integration_id", 'delivery:' || "delivery_key", "created_at" FROM "webhook_logs"
	WHERE "status" = 'accepted' AND "delivery_key" IS NOT NULL
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The retention sweep deletes by age over every integration.
CREATE INDEX IF NOT EXISTS "webhook_logs_created_idx" ON "webhook_logs" ("created_at");
--> statement-breakpoint
-- Rejected deliveries were stored whole (anyone could fill the table); keep only their size.
UPDATE "webhook_logs" SET "payload" = jsonb_build_object('size', octet_length("payload"::text))
	WHERE "status" = 'rejected' AND "payload" IS NOT NULL;
