-- People across meetings (issue 34): contacts of a team (or of one user) with aliases; a
-- meeting's speaker linked to a member (user) or a contact; an action item's own owner link.
CREATE TABLE IF NOT EXISTS "contacts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "team_id" text REFERENCES "organization"("id") ON DELETE CASCADE,
  "user_id" text REFERENCES "user"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "aliases" text[] DEFAULT '{}'::text[] NOT NULL,
  "created_by" text REFERENCES "user"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "contacts_scope_check" CHECK (("team_id" IS NULL) <> ("user_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_team_idx" ON "contacts" ("team_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_user_idx" ON "contacts" ("user_id");
--> statement-breakpoint
-- A row with neither user nor contact says "not linked": it undoes an automatic link.
CREATE TABLE IF NOT EXISTS "speaker_links" (
  "meeting_id" uuid NOT NULL REFERENCES "meetings"("id") ON DELETE CASCADE,
  "speaker" text NOT NULL,
  "user_id" text REFERENCES "user"("id") ON DELETE CASCADE,
  "contact_id" uuid REFERENCES "contacts"("id") ON DELETE CASCADE,
  "linked_by" text REFERENCES "user"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "speaker_links_pk" PRIMARY KEY ("meeting_id", "speaker"),
  CONSTRAINT "speaker_links_one_person_check" CHECK ("user_id" IS NULL OR "contact_id" IS NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "speaker_links_user_idx" ON "speaker_links" ("user_id");
--> statement-breakpoint
-- owner_set: the item's owner was chosen on the item itself (owner_user_id / owner_contact_id,
-- both NULL = nobody); otherwise it follows the assignee's speaker link or name.
ALTER TABLE "action_items" ADD COLUMN IF NOT EXISTS "owner_set" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN IF NOT EXISTS "owner_user_id" text REFERENCES "user"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN IF NOT EXISTS "owner_contact_id" uuid REFERENCES "contacts"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "action_items_owner_user_idx" ON "action_items" ("owner_user_id") WHERE "owner_user_id" IS NOT NULL;
--> statement-breakpoint
-- Public read-only links to a meeting (issue 34, item 5).
CREATE TABLE IF NOT EXISTS "public_links" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "meeting_id" uuid NOT NULL REFERENCES "meetings"("id") ON DELETE CASCADE,
  "token" text NOT NULL UNIQUE,
  "parts" text[] NOT NULL,
  "expires_at" timestamp with time zone,
  "password_hash" text,
  "created_by" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone,
  CONSTRAINT "public_links_parts_check" CHECK ("parts" <@ ARRAY['summary','actionItems','transcript','recording']::text[] AND cardinality("parts") > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "public_links_meeting_idx" ON "public_links" ("meeting_id");
