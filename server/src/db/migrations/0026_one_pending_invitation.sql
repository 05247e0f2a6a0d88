-- One pending invitation per team and address (decision 041, second pass). better-auth checks for a pending
-- invitation, then inserts: two invitations sent at once both passed the check and made two. The index makes the
-- second insert fail (answered 409 by http/auth.routes.ts); duplicates already there keep their newest.
UPDATE "invitation" i SET "status" = 'canceled'
WHERE i."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "invitation" n
  WHERE n."status" = 'pending' AND n."organization_id" = i."organization_id" AND lower(n."email") = lower(i."email")
    AND (n."created_at", n."id") > (i."created_at", i."id")
);
--> statement-breakpoint
-- better-auth skips an expired pending invitation when it looks for one (and re-inviting cancels only one it
-- found), so an expired one would block inviting the address again: a new invitation cancels it first.
CREATE OR REPLACE FUNCTION minutes_invitation_replaces_expired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'pending' THEN
    UPDATE "invitation" SET "status" = 'canceled'
    WHERE "status" = 'pending' AND "organization_id" = NEW."organization_id" AND lower("email") = lower(NEW."email")
      AND "expires_at" <= now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invitation_replaces_expired BEFORE INSERT ON "invitation" FOR EACH ROW EXECUTE FUNCTION minutes_invitation_replaces_expired();
--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_one_pending_idx" ON "invitation" ("organization_id", lower("email")) WHERE "status" = 'pending';
