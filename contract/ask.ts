// POST /api/ask ("Ask your meetings"): shapes shared by server (validation, OpenAPI) and web (types).
import { z } from "zod";

export const askRequestSchema = z.object({
  question: z.string().trim().min(3, "Type a question").max(500, "Ask in at most 500 characters"),
  /** Only this meeting; every meeting you may read when left out. */
  meetingId: z.string().uuid("Not a meeting id").optional(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

/** A moment the answer rests on: open the meeting there. */
export const askCitationSchema = z.object({
  meetingId: z.string(),
  meetingTitle: z.string(),
  /** The transcript turn (0-based); null for a summary line, decision or action item. */
  turnIndex: z.number().nullable(),
  /** Seconds into the recording, when known. */
  start: z.number().nullable(),
  speaker: z.string().nullable(),
  text: z.string(),
});
export type AskCitation = z.infer<typeof askCitationSchema>;

export const askResponseSchema = z.object({
  /** Plain text; "[n]" marks point to citations[n - 1]. */
  answer: z.string(),
  /** built-in: the sentences that best answer, as said; local / openai: a language model's answer from the cited passages. */
  engine: z.enum(["built-in", "local", "openai"]),
  model: z.string().nullable(),
  /** Best first. */
  citations: z.array(askCitationSchema),
});
export type AskResponse = z.infer<typeof askResponseSchema>;

export const askHistorySchema = z.object({
  questions: z.array(z.object({ question: z.string(), meetingId: z.string().nullable(), askedAt: z.string() })),
});
export type AskHistory = z.infer<typeof askHistorySchema>;
