-- Mail that helps (issue 34): each user's opt-ins and time zone, and every notice mail sent,
-- under a unique key, so a notice goes out once across restarts and processes.
CREATE TABLE IF NOT EXISTS "mail_preferences" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "recap" boolean DEFAULT false NOT NULL,
  "reminders" boolean DEFAULT false NOT NULL,
  "digest" boolean DEFAULT false NOT NULL,
  "time_zone" text DEFAULT 'UTC' NOT NULL,
  "unsubscribe_token" text NOT NULL UNIQUE,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sent_mails" (
  "key" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sent_mails_kind_check" CHECK ("kind" IN ('recap', 'due-soon', 'overdue', 'digest'))
);
