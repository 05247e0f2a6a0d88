-- Voices recognised next time (issue 34, item 4; decision 031). One unit embedding per speaker
-- label of a meeting, from the local diarization's embedding model. A speaker linked by hand to
-- a member is a sample of that member's voice profile while the member allows it
-- (voice_profile_settings; no row = allowed). Never in exports, public links or the API.
CREATE TABLE IF NOT EXISTS "meeting_voices" (
  "meeting_id" uuid NOT NULL REFERENCES "meetings"("id") ON DELETE CASCADE,
  "speaker" text NOT NULL,
  "model" text NOT NULL,
  "embedding" real[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "meeting_voices_pk" PRIMARY KEY ("meeting_id", "speaker")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "voice_profile_settings" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "enabled" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A deleted account takes its voice with it: the voices of the speakers linked to it, in every
-- meeting (its links cascade away after this runs, so they are read before).
CREATE OR REPLACE FUNCTION minutes_user_voices_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM meeting_voices v USING speaker_links l
	WHERE l.user_id = OLD.id AND v.meeting_id = l.meeting_id AND v.speaker = l.speaker;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_voices_deleted ON "user";
--> statement-breakpoint
CREATE TRIGGER user_voices_deleted BEFORE DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION minutes_user_voices_deleted();
