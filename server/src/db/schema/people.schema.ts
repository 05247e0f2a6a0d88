// People across meetings and public links (issue 34; migration 0015_people_and_public_links).
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth.schema";
import { meetings } from "./meetings.schema";

/** A named person who is not a user here: a contact of one team, or of one user (their own meetings). */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Other names the person goes by ("Kate" for "Katherine Ng"). */
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contacts_team_idx").on(t.teamId),
    index("contacts_user_idx").on(t.userId),
    check("contacts_scope_check", sql`(${t.teamId} is null) <> (${t.userId} is null)`),
  ],
);

/** A meeting's speaker label linked to a user or a contact; neither = "not linked" (undoes an automatic link). */
export const speakerLinks = pgTable(
  "speaker_links",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    speaker: text("speaker").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    linkedBy: text("linked_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "speaker_links_pk", columns: [t.meetingId, t.speaker] }),
    index("speaker_links_user_idx").on(t.userId),
    check("speaker_links_one_person_check", sql`${t.userId} is null or ${t.contactId} is null`),
  ],
);

export const publicLinkParts = ["summary", "actionItems", "transcript", "recording"] as const;

/** A read-only link to a meeting for people outside the instance. */
export const publicLinks = pgTable(
  "public_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    parts: text("parts").array().notNull().$type<(typeof publicLinkParts)[number][]>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    passwordHash: text("password_hash"),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("public_links_meeting_idx").on(t.meetingId),
    check(
      "public_links_parts_check",
      sql`${t.parts} <@ array['summary','actionItems','transcript','recording']::text[] and cardinality(${t.parts}) > 0`,
    ),
  ],
);

/**
 * One voice per speaker label of a meeting (issue 34, item 4; migration 0021_voice_profiles):
 * the unit embedding the local diarization's model gave it. A speaker linked by hand to a member
 * is a sample of that member's voice profile. Never served: only compared on the server.
 */
export const meetingVoices = pgTable(
  "meeting_voices",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    speaker: text("speaker").notNull(),
    /** The embedding model's catalogue id: voices of different models are never compared. */
    model: text("model").notNull(),
    embedding: real("embedding").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "meeting_voices_pk", columns: [t.meetingId, t.speaker] })],
);

/** A member's consent to a voice profile; no row = allowed (decision 031). */
export const voiceProfileSettings = pgTable("voice_profile_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
