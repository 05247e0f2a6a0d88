// Notice mails (issue 34; migration 0019_mail_notices): each user's opt-ins and time zone, and
// one row per notice sent, under a unique key (sent once across restarts and processes).
import { boolean, check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.schema";
import { oneOf } from "./checks";

export const mailNoticeKinds = ["recap", "due-soon", "overdue", "digest"] as const;
export type MailNoticeKind = (typeof mailNoticeKinds)[number];

export const mailPreferences = pgTable("mail_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  recap: boolean("recap").notNull().default(false),
  reminders: boolean("reminders").notNull().default(false),
  digest: boolean("digest").notNull().default(false),
  /** IANA name; reminders and the digest go out in the user's morning. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** In every notice's unsubscribe link: turns a notice off without signing in. */
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sentMails = pgTable(
  "sent_mails",
  {
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MailNoticeKind>().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sent_mails_kind_check", oneOf(t.kind, mailNoticeKinds))],
);
