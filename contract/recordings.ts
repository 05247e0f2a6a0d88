// /api/recordings: recordings made in the browser, uploaded chunk by chunk while they are
// recorded (MediaRecorder's timeslice), then finished into a meeting. Shared by the server
// (validation, OpenAPI) and the recorder page.
import { z } from "zod";
import { MEETING_TITLE_MAX } from "./meetings";

/** Chunk numbers start at 0; one per MediaRecorder slice (about a second), so 4 h fit well below this. */
export const RECORDING_MAX_CHUNKS = 100_000;
/** The most one chunk may hold: a few seconds of audio are tens of kilobytes. */
export const RECORDING_MAX_CHUNK_BYTES = 5 * 1024 * 1024;
/**
 * The byte budget of a recording is its duration cap at this bit rate (256 kbit/s, twice what
 * browsers record speech at), so the server can refuse a runaway recording before it ends.
 */
export const RECORDING_BUDGET_BYTES_PER_SECOND = 32_000;

/** What MediaRecorder writes in the browsers we support: WebM/Opus (Chromium, Firefox) or MP4/AAC (Safari). */
export const recordingMimeTypes = ["audio/webm", "audio/mp4", "audio/ogg"] as const;

export const createRecordingSchema = z.object({
  title: z.string().trim().max(MEETING_TITLE_MAX, `title: use at most ${MEETING_TITLE_MAX} characters.`).optional(),
  /** A speech language code, "auto", or empty for English (as on upload). */
  language: z.string().max(20).optional(),
  /** MediaRecorder's mimeType; codec parameters after ';' are ignored. */
  mimeType: z.string().max(100).optional(),
});
export type CreateRecording = z.infer<typeof createRecordingSchema>;

export const recordingSchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.string().nullable(),
  mimeType: z.string(),
  /** The chunk numbers the server holds, ascending. */
  chunks: z.array(z.number().int()),
  bytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The meeting it became, once finished. */
  meetingId: z.string().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

/** GET /api/recordings: the caller's unfinished recordings, and the duration cap the recorder stops at. */
export const recordingListSchema = z.object({ recordings: z.array(recordingSchema), maxHours: z.number().int().positive() });

export const updateRecordingSchema = z.object({
  title: z.string().trim().max(MEETING_TITLE_MAX, `title: use at most ${MEETING_TITLE_MAX} characters.`).optional(),
  language: z.string().max(20).optional(),
});

export const finishRecordingSchema = z.object({
  /** How many chunks were recorded (0 … chunks-1): the server refuses to finish while one is missing. */
  chunks: z
    .number()
    .int()
    .min(1, "chunks: a recording has at least one chunk.")
    .max(RECORDING_MAX_CHUNKS, `chunks: at most ${RECORDING_MAX_CHUNKS}.`),
  title: z.string().trim().max(MEETING_TITLE_MAX, `title: use at most ${MEETING_TITLE_MAX} characters.`).optional(),
  language: z.string().max(20).optional(),
});
export type FinishRecording = z.infer<typeof finishRecordingSchema>;

export const finishedRecordingSchema = z.object({ meetingId: z.string() });

export const chunkAckSchema = z.object({ n: z.number().int(), bytes: z.number().int() });

/** GET /api/recordings/{id}/live: the live transcript so far (a draft), or why there is none. */
export const liveTranscriptSchema = z.union([
  z.object({
    available: z.literal(true),
    text: z.object({ finals: z.array(z.string()), partial: z.string(), audioSeconds: z.number() }),
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type LiveTranscript = z.infer<typeof liveTranscriptSchema>;

export type RecordingList = z.infer<typeof recordingListSchema>;
export type FinishedRecording = z.infer<typeof finishedRecordingSchema>;
/** POST /api/recordings: the new recording's id. */
export const createdRecordingSchema = z.object({ id: z.string() });
export type CreatedRecording = z.infer<typeof createdRecordingSchema>;
