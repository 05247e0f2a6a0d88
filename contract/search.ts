// GET /api/search: shapes shared by server (validation, OpenAPI) and web (types).
import { z } from "zod";

export const SEARCH_PAGE_SIZE = 20;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type something to search for").max(200, "Search for at most 200 characters"),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
});

/** A piece of the matching passage; `match` marks the searched words. */
export const headlinePartSchema = z.object({ text: z.string(), match: z.boolean() });

export const searchResultSchema = z.object({
  meetingId: z.string(),
  meetingTitle: z.string(),
  recordedAt: z.string(),
  ownerName: z.string(),
  /** Where the best passage is: the title, a summary line, a decision, an action item or a transcript turn. */
  kind: z.enum(["title", "summary", "decision", "action_item", "turn"]),
  /** Turn number (0-based) for 'turn' passages; null otherwise. */
  turnIndex: z.number().nullable(),
  speaker: z.string().nullable(),
  /** Seconds into the recording where the passage is said, when known. */
  start: z.number().nullable(),
  headline: z.array(headlinePartSchema),
  /** Passages of this meeting that match, the shown one included. */
  matchCount: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
