-- One contact per name in each scope (a user's own contacts, or a team's): two "add contact" requests at
-- once both inserted and made two. The name is compared as the people rules compare names (nameKey in
-- modules/people/people-rules.ts: trimmed, runs of spaces as one, case aside). Duplicates already there keep
-- their newest: the older ones' aliases, speaker links and item owners move to it, then they go.
UPDATE "contacts" k SET "aliases" = (
  SELECT coalesce(array_agg(a ORDER BY a), '{}'::text[]) FROM (
    SELECT DISTINCT ON (lower(a)) a FROM "contacts" d, unnest(d."aliases") AS a
    WHERE d."team_id" IS NOT DISTINCT FROM k."team_id" AND d."user_id" IS NOT DISTINCT FROM k."user_id"
      AND lower(regexp_replace(btrim(d."name"), '\s+', ' ', 'g')) = lower(regexp_replace(btrim(k."name"), '\s+', ' ', 'g'))
    ORDER BY lower(a), a
  ) merged
)
WHERE EXISTS (
  SELECT 1 FROM "contacts" o
  WHERE o."id" <> k."id" AND o."team_id" IS NOT DISTINCT FROM k."team_id" AND o."user_id" IS NOT DISTINCT FROM k."user_id"
    AND lower(regexp_replace(btrim(o."name"), '\s+', ' ', 'g')) = lower(regexp_replace(btrim(k."name"), '\s+', ' ', 'g'))
);
--> statement-breakpoint
CREATE TEMPORARY TABLE "contact_duplicates" AS
SELECT "id", "keep" FROM (
  SELECT "id", first_value("id") OVER (
    PARTITION BY "team_id", "user_id", lower(regexp_replace(btrim("name"), '\s+', ' ', 'g'))
    ORDER BY "created_at" DESC, "id" DESC
  ) AS "keep"
  FROM "contacts"
) ranked
WHERE "id" <> "keep";
--> statement-breakpoint
UPDATE "speaker_links" l SET "contact_id" = d."keep" FROM "contact_duplicates" d WHERE l."contact_id" = d."id";
--> statement-breakpoint
UPDATE "action_items" i SET "owner_contact_id" = d."keep" FROM "contact_duplicates" d WHERE i."owner_contact_id" = d."id";
--> statement-breakpoint
DELETE FROM "contacts" c USING "contact_duplicates" d WHERE c."id" = d."id";
--> statement-breakpoint
DROP TABLE "contact_duplicates";
--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_one_name_per_user_idx" ON "contacts" ("user_id", lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')))
  WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_one_name_per_team_idx" ON "contacts" ("team_id", lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')))
  WHERE "team_id" IS NOT NULL;
