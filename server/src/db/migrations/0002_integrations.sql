CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"provider_user_id" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"scopes" text,
	"webhook_url" text,
	"webhook_secret" text,
	"webhook_external_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_user_provider_idx" ON "integrations" USING btree ("user_id","provider");--> statement-breakpoint
CREATE TABLE "integration_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL REFERENCES "integrations"("id") ON DELETE cascade,
	"action_item_id" uuid NOT NULL REFERENCES "action_items"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"external_id" text,
	"external_url" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"remote_completed" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "integration_items_pair_idx" ON "integration_items" USING btree ("integration_id","action_item_id");--> statement-breakpoint
CREATE INDEX "integration_items_action_item_idx" ON "integration_items" USING btree ("action_item_id");--> statement-breakpoint
CREATE INDEX "integration_items_external_idx" ON "integration_items" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL REFERENCES "integrations"("id") ON DELETE cascade,
	"event_type" text NOT NULL,
	"payload" jsonb,
	"status" text NOT NULL,
	"reason" text,
	"delivery_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_logs_integration_idx" ON "webhook_logs" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_logs_delivery_idx" ON "webhook_logs" USING btree ("integration_id","delivery_key") WHERE "status" = 'accepted';--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"session_id" text NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
