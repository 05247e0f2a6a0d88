// Issue 14's tables (migration 0001, hand-written): search passages kept by triggers, and
// per-turn transcript edits for undo.
import { sql } from "drizzle-orm";
import { customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Utterance } from "../../../../contract/transcript";
import { user } from "./auth.schema";
import { actionItems, meetings } from "./meetings.schema";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const regconfig = customType<{ data: string }>({ dataType: () => "regconfig" });

/** Written only by the database's triggers (minutes_index_meeting / minutes_index_action_item). */
export const searchPassages = pgTable(
  "search_passages",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"title" | "summary" | "decision" | "action_item" | "turn">().notNull(),
    position: integer("position").notNull(),
    actionItemId: uuid("action_item_id").references(() => actionItems.id, { onDelete: "cascade" }),
    speaker: text("speaker"),
    startSeconds: doublePrecision("start_seconds"),
    body: text("body").notNull(),
    config: regconfig("config").notNull(),
    tsv: tsvector("tsv").notNull(),
  },
  (t) => [
    index("search_passages_tsv_idx").using("gin", t.tsv),
    index("search_passages_meeting_idx").on(t.meetingId, t.kind, t.position),
    index("search_passages_config_idx").on(t.config),
  ],
);

export const transcriptEdits = pgTable(
  "transcript_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    turnIndex: integer("turn_index").notNull(),
    /** NULL past the undo window (migration 0012): the edit is kept, not the text. */
    before: jsonb("before").$type<Utterance>(),
    after: jsonb("after").$type<Utterance>(),
    editorId: text("editor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("transcript_edits_meeting_idx").on(t.meetingId, t.createdAt),
    index("transcript_edits_text_age_idx")
      .on(t.createdAt)
      .where(sql`${t.before} IS NOT NULL`),
  ],
);
