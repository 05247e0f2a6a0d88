ALTER TABLE "action_items" ADD COLUMN "extracted_task" text;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "error_retryable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "action_items" SET "extracted_task" = "description" WHERE "origin" = 'extracted';