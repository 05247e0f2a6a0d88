// Request and response shapes of the meetings API, shared by server (validation, OpenAPI)
// and web (types).
import { z } from "zod";
import { parseSpeechLanguage } from "./languages";

/** Dates a meeting or a due date may have; others are typing mistakes (year 0, 275760). */
export const MEETING_YEARS = { from: 1900, to: 2200 } as const;
export const isSaneMeetingDate = (d: Date) => {
  const y = d.getUTCFullYear();
  return !Number.isNaN(y) && y >= MEETING_YEARS.from && y <= MEETING_YEARS.to;
};
const saneDateMessage = `Use a date between ${MEETING_YEARS.from} and ${MEETING_YEARS.to}`;
const meetingDateTime = z.iso.datetime({ offset: true }).refine((v) => isSaneMeetingDate(new Date(v)), saneDateMessage);
const saneDate = z.iso.date().refine((v) => isSaneMeetingDate(new Date(v)), saneDateMessage);

export const meetingStatusSchema = z.enum(["uploading", "processing", "completed", "failed"]);
export type MeetingStatus = z.infer<typeof meetingStatusSchema>;

export const utteranceSchema = z.object({
  speaker: z.string(),
  start: z.number().nullable(),
  end: z.number().nullable(),
  text: z.string(),
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })).optional(),
  /** Set when someone corrected the turn: their name and when (ISO). */
  edited: z.object({ by: z.string(), at: z.string() }).optional(),
});

/** A turn of the transcript as the meeting page reads it. */
export type MeetingUtterance = z.infer<typeof utteranceSchema>;

export const actionItemSchema = z.object({
  id: z.string(),
  meetingId: z.string(),
  description: z.string(),
  assignee: z.string().nullable(),
  /** 'YYYY-MM-DD' or null. */
  dueDate: z.string().nullable(),
  status: z.enum(["pending", "completed"]),
  sourceStart: z.number().nullable(),
  createdAt: z.string(),
  /** A "Possible action item": the notes engine was unsure. It counts nowhere (exports, counts, mails,
   * integrations) until a person accepts it (PATCH suggested: false) or dismisses it (DELETE). */
  suggested: z.boolean(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;
/** GET /api/meetings/{id}/action-items. */
export const actionItemListSchema = z.object({ actionItems: z.array(actionItemSchema) });
export type ActionItemList = z.infer<typeof actionItemListSchema>;

/** A key point or decision: plain text, who said it and when (seconds; a click plays from there). */
export const notePointSchema = z.object({
  text: z.string(),
  speaker: z.string().nullable(),
  start: z.number().nullable(),
});
export type NotePoint = z.infer<typeof notePointSchema>;

/** The meeting's notes as structure (no markdown); its action items are `actionItems` beside it. */
export const meetingNotesSchema = z.object({
  overview: z.string(),
  keyPoints: z.array(notePointSchema),
  decisions: z.array(notePointSchema),
});
export type MeetingNotes = z.infer<typeof meetingNotesSchema>;

export const sharedViaSchema = z.object({ teamId: z.string(), teamName: z.string(), sharedBy: z.string() });

export const meetingSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: meetingStatusSchema,
  sourceType: z.enum(["file_upload", "link", "transcript_import"]),
  createdAt: z.string(),
  recordedAt: z.string(),
  durationSeconds: z.number().nullable(),
  step: z.string().nullable(),
  progress: z.number(),
  /** What the step is doing right now ("Writing notes: chunk 2 of 5"), or null. */
  stepDetail: z.string().nullable(),
  error: z.string().nullable(),
  /** A failed meeting that 'Retry processing' may fix; false when no retry can (bad media, refused link). */
  canRetry: z.boolean(),
  pendingCount: z.number(),
  actionItemCount: z.number(),
  speakers: z.array(z.string()),
  isOwner: z.boolean(),
  ownerName: z.string(),
  /** Set when the meeting reaches the user through a team. */
  sharedVia: z.array(sharedViaSchema),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;

export const meetingDetailSchema = meetingSummarySchema.extend({
  sourceUrl: z.string().nullable(),
  originalFileName: z.string().nullable(),
  hasMedia: z.boolean(),
  hasVideo: z.boolean(),
  mimeType: z.string().nullable(),
  /** The plain text, only for a meeting without turns: otherwise null, as the turns' texts are the transcript (decision 040). */
  transcript: z.string().nullable(),
  utterances: z.array(utteranceSchema),
  /** Overview, key points and decisions; null until the notes are written. */
  notes: meetingNotesSchema.nullable(),
  summaryNote: z.string().nullable(),
  transcriptEngine: z.string().nullable(),
  transcriptModel: z.string().nullable(),
  summaryEngine: z.string().nullable(),
  summaryModel: z.string().nullable(),
  processedAt: z.string().nullable(),
  nano: z.boolean(),
  enhancedSummary: z.boolean(),
  access: z.enum(["read", "edit-items", "owner"]),
  actionItems: z.array(actionItemSchema),
});
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;

export const MEETING_PAGE_SIZE = 50;

export const meetingListQuerySchema = z.object({
  /** Title substring or any word in the meeting (full-text, like /api/search). */
  q: z.string().max(200, "Search for at most 200 characters").optional(),
  status: meetingStatusSchema.optional(),
  sort: z.enum(["recent", "oldest", "alpha"]).default("recent"),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().max(500).optional(),
});

export type MeetingListQuery = z.input<typeof meetingListQuerySchema>;
export type MeetingSort = z.infer<typeof meetingListQuerySchema>["sort"];

export const meetingListSchema = z.object({
  meetings: z.array(meetingSummarySchema),
  /** Meetings matching the search and filter, on all pages; on the first page only (null after). */
  total: z.number().nullable(),
  nextCursor: z.string().nullable(),
});
export type MeetingList = z.infer<typeof meetingListSchema>;

export const MEETING_TITLE_MAX = 300;
const titleTooLong = `Use at most ${MEETING_TITLE_MAX} characters for the title`;

export const EMPTY_LINK_MESSAGE = "Please enter a meeting link";
export const NOT_HTTP_MESSAGE = "Please enter a valid URL starting with http:// or https://";
/** A host after the scheme, and no spaces (the contract has no URL class: it runs in neither DOM nor Node types). */
const isWebAddress = (v: string) => /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(v);

export const createLinkMeetingSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, EMPTY_LINK_MESSAGE)
    .regex(/^https?:\/\//i, NOT_HTTP_MESSAGE)
    .refine(isWebAddress, NOT_HTTP_MESSAGE)
    .max(2000, "Use a link of at most 2000 characters"),
  title: z.string().trim().min(1, "Please enter a meeting title").max(MEETING_TITLE_MAX, titleTooLong),
  nano: z.boolean().default(true),
  enhancedSummary: z.boolean().default(true),
  recordedAt: meetingDateTime.optional(),
});

export const updateMeetingSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required").max(MEETING_TITLE_MAX, titleTooLong),
    /** The notes' overview (plain text); key points and decisions stay as the notes wrote them. */
    overview: z.string().max(100_000, "Use at most 100,000 characters for the overview"),
    recordedAt: meetingDateTime,
  })
  .partial();

/** PATCH /api/meetings/{id}/speakers: current label → new name. Two labels given one name merge. */
export const SPEAKER_NAME_MAX = 80;
export const speakerNameSchema = z
  .string()
  .trim()
  .min(1, "Speaker name is required")
  .max(SPEAKER_NAME_MAX, `Speaker name must be at most ${SPEAKER_NAME_MAX} characters`)
  // A line break in a name would start lines of its own in subtitle and text exports.
  .refine((s) => !/\p{Cc}/u.test(s), "Speaker name must be one line, without line breaks or control characters");
export const renameSpeakersSchema = z.object({
  names: z
    .record(z.string().max(200), speakerNameSchema)
    .refine((names) => Object.keys(names).length > 0, "Name at least one speaker")
    .refine((names) => Object.keys(names).length <= 200, "Too many speakers at once"),
});
export type RenameSpeakers = z.infer<typeof renameSpeakersSchema>;

const taskDescription = z.string().trim().min(1, "Task description is required").max(2000, "Use at most 2000 characters for the task");
const assignee = z.string().trim().max(200, "Use at most 200 characters for the assignee");
export const createActionItemSchema = z.object({
  description: taskDescription,
  assignee: assignee.nullable().optional(),
  dueDate: saneDate.nullable().optional(),
});

/** The fields a person gives an action item (the form's values; the server trims and checks them). */
export type ActionItemInput = { description: string; assignee: string | null; dueDate: string | null };
export type CreateActionItem = z.input<typeof createActionItemSchema>;

export const updateActionItemSchema = z
  .object({
    description: taskDescription,
    assignee: assignee.nullable(),
    dueDate: saneDate.nullable(),
    status: z.enum(["pending", "completed"]),
    /** false: accept a possible action item (dismissing one is DELETE). */
    suggested: z.literal(false),
  })
  .partial();

/** Accepted upload types (spec section 5) plus transcript files. */
export const mediaExtensions = [".mp3", ".wav", ".m4a", ".mp4", ".mov", ".avi"] as const;
export const transcriptExtensions = [".vtt", ".srt", ".txt"] as const;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const LARGE_UPLOAD_WARNING_BYTES = 50 * 1024 * 1024;
/** The upload limit's message; the limit is the server's MAX_UPLOAD_MB (GET /api/settings). */
export const fileTooLargeMessage = (maxBytes: number) =>
  `The file exceeds the ${Math.round(maxBytes / (1024 * 1024))}MB limit. Please compress it or use a direct link instead.`;
/**
 * The upload form's fields (POST /api/meetings sends them as multipart fields before the
 * file; meeting-upload.ts applies the same limits). An empty title means the file's name.
 */
export const MAX_EXPECTED_SPEAKERS = 49;
export const uploadFormSchema = z.object({
  title: z.string().trim().max(MEETING_TITLE_MAX, titleTooLong),
  /** "auto" or how many people speak (the speech engine's hint). */
  speakers: z
    .string()
    .refine(
      (v) => v === "auto" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_EXPECTED_SPEAKERS),
      `Choose from 1 to ${MAX_EXPECTED_SPEAKERS} speakers, or Auto-detect`,
    ),
  language: z.string().refine((v) => parseSpeechLanguage(v).ok, "Choose a language from the list"),
  nano: z.boolean(),
  enhancedSummary: z.boolean(),
  /** 'YYYY-MM-DD' from the date input; empty = the recording's own date. */
  meetingDate: z.string().refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isSaneMeetingDate(new Date(v))), saneDateMessage),
});

/** The message for the default limit (100 MB). */
export const FILE_TOO_LARGE_MESSAGE = fileTooLargeMessage(MAX_UPLOAD_BYTES);

/** Settings the web app needs from the server before anyone signs in. */
export const publicSettingsSchema = z.object({ maxUploadBytes: z.number().int().positive() });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** PATCH /api/meetings/{id}/turns/{index}: a corrected turn (times are kept). */
export const TURN_TEXT_MAX = 20_000;
export const turnTextSchema = z
  .string()
  .trim()
  .min(1, "The turn's text cannot be empty")
  .max(TURN_TEXT_MAX, `A turn can have at most ${TURN_TEXT_MAX} characters`);
export const editTurnSchema = z
  .object({ text: turnTextSchema, speaker: speakerNameSchema })
  .partial()
  .refine((b) => b.text !== undefined || b.speaker !== undefined, "Give the corrected text, the speaker, or both");
export type EditTurn = z.infer<typeof editTurnSchema>;

/** The last edits of a meeting's transcript, newest first (at most 20: the ones that can be undone). */
export const transcriptEditSchema = z.object({
  id: z.string(),
  turnIndex: z.number(),
  /** The turn before and after the edit; null once the edit is past the undo window (only who and when are kept). */
  before: utteranceSchema.nullable(),
  after: utteranceSchema.nullable(),
  /** Still within the undo window (TRANSCRIPT_UNDO_HOURS). */
  undoable: z.boolean(),
  editorName: z.string().nullable(),
  createdAt: z.string(),
});
export const transcriptEditsSchema = z.object({ edits: z.array(transcriptEditSchema) });
export type TranscriptEdit = z.infer<typeof transcriptEditSchema>;

/** What creating a meeting answers (upload, link): its id; the rest follows from GET /api/meetings/{id}. */
// title and step: what the meeting page shows at once after an upload, before its details load.
export const createdMeetingSchema = z.object({ id: z.string(), title: z.string().optional(), step: z.string().nullable().optional() });
export type CreatedMeeting = z.infer<typeof createdMeetingSchema>;
export type TranscriptEdits = z.infer<typeof transcriptEditsSchema>;
