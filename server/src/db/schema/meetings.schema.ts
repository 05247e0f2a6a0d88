import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { MeetingNotes, Utterance } from "../../../../contract/transcript";
import { organization, user } from "./auth.schema";
import { oneOf } from "./checks";

export const meetingStatuses = ["uploading", "processing", "completed", "failed"] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];
export const sourceTypes = ["file_upload", "link", "transcript_import"] as const;
export type SourceType = (typeof sourceTypes)[number];
/** The pipeline's steps, in order (jobs/meeting-steps.ts). */
export const meetingSteps = ["prepare", "transcribe", "summarize"] as const;
export const actionItemStatuses = ["pending", "completed"] as const;
export const actionItemOrigins = ["extracted", "manual"] as const;

export const meetings = pgTable(
  "meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    status: text("status").$type<MeetingStatus>().notNull(),
    sourceType: text("source_type").$type<SourceType>().notNull(),
    /** Where the media came from for link meetings. */
    sourceUrl: text("source_url"),
    /** Blob-store key of the original upload or download; null for transcript imports after parsing. */
    storageKey: text("storage_key"),
    originalFileName: text("original_file_name"),
    mimeType: text("mime_type"),
    sizeBytes: integer("size_bytes"),
    hasVideo: boolean("has_video").notNull().default(false),
    durationSeconds: integer("duration_seconds"),
    /** When the meeting took place: anchor for relative due dates. */
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** Upload options. */
    nano: boolean("nano").notNull().default(true),
    enhancedSummary: boolean("enhanced_summary").notNull().default(true),
    speakersExpected: integer("speakers_expected"),
    language: text("language"),
    /** Pipeline step and its 0-100 progress, for the meeting page. */
    step: text("step"),
    progress: integer("progress").notNull().default(0),
    /** What the step is doing right now, e.g. "Writing notes: chunk 2 of 5". */
    stepDetail: text("step_detail"),
    /** Starts of the current step that have not finished (a poison input is failed at start-up, migration 0018). */
    stepAttempts: integer("step_attempts").notNull().default(0),
    error: text("error"),
    /** False when another try cannot fix the failure (bad media, dead link): no 'Retry processing'. */
    errorRetryable: boolean("error_retryable").notNull().default(true),
    transcript: text("transcript"),
    utterances: jsonb("utterances").$type<Utterance[]>(),
    /** Distinct speakers in order of first appearance; set by a trigger from utterances (migration 0001). */
    speakers: text("speakers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    transcriptLanguage: text("transcript_language"),
    transcriptEngine: text("transcript_engine"),
    transcriptModel: text("transcript_model"),
    /** The notes as structure: overview, key points and decisions with speaker and time (migration 0020). */
    notes: jsonb("notes").$type<MeetingNotes>(),
    summaryEngine: text("summary_engine"),
    summaryModel: text("summary_model"),
    summaryNote: text("summary_note"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("meetings_user_created_idx").on(t.userId, t.createdAt),
    check("meetings_status_check", oneOf(t.status, meetingStatuses)),
    check("meetings_source_type_check", oneOf(t.sourceType, sourceTypes)),
    check("meetings_step_check", oneOf(t.step, meetingSteps)),
    check("meetings_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);

export const actionItems = pgTable(
  "action_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    assignee: text("assignee"),
    dueDate: date("due_date"),
    status: text("status").$type<(typeof actionItemStatuses)[number]>().notNull().default("pending"),
    /** Seconds into the recording where it was said; null when added by hand. */
    sourceStart: doublePrecision("source_start"),
    /** 'extracted' items untouched by people are replaced when the summary is regenerated; 'manual' ones stay. */
    origin: text("origin").$type<(typeof actionItemOrigins)[number]>().notNull().default("manual"),
    position: integer("position").notNull().default(0),
    /**
     * The task as the summarizer first wrote it (null for items added by hand). Regenerating
     * skips a new item with the same task when a kept or deleted row already stands for it.
     */
    extractedTask: text("extracted_task"),
    /** Set when a person deleted the item: hidden, restorable (Undo), and not re-extracted. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The scorer was unsure: a "Possible action item" until a person accepts it (migration 0020). */
    suggested: boolean("suggested").notNull().default(false),
    /**
     * The owner was chosen on the item itself (ownerUserId / ownerContactId, both null =
     * nobody); otherwise it follows the assignee's speaker link or name (modules/people).
     */
    ownerSet: boolean("owner_set").notNull().default(false),
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    /** A contact (modules/people); references contacts (migration 0015), declared there. */
    ownerContactId: uuid("owner_contact_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("action_items_meeting_idx").on(t.meetingId),
    check("action_items_status_check", oneOf(t.status, actionItemStatuses)),
    check("action_items_origin_check", oneOf(t.origin, actionItemOrigins)),
  ],
);

/** A meeting shared with a team; members see it (and may edit action items), guests read only. */
export const meetingShares = pgTable(
  "meeting_shares",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    sharedBy: text("shared_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.teamId] }), index("meeting_shares_team_idx").on(t.teamId)],
);
