// GET /api/search: shapes shared by server (validation, OpenAPI) and web (types).
import { z } from "zod";

export const SEARCH_PAGE_SIZE = 20;

/** What a passage is, as the kind filter names it: transcript turns, summary lines, decisions, action items. */
export const SEARCH_KINDS = ["transcript", "summary", "decision", "action_item"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give dates as YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Give a real date");

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type something to search for").max(200, "Search for at most 200 characters"),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
  /** Only passages this speaker said (or action items they own); case-insensitive, whole name. */
  speaker: z.string().trim().min(1).max(200).optional(),
  /** Only meetings shared with this team. */
  teamId: z.string().trim().min(1).max(100).optional(),
  /** Meetings held on or after this day (UTC). */
  from: isoDate.optional(),
  /** Meetings held on or before this day (UTC). */
  to: isoDate.optional(),
  /** Only these kinds of passage, comma-separated: transcript, summary, decision, action_item. */
  kind: z
    .string()
    .max(100)
    .refine((k) => k.split(",").every((x) => (SEARCH_KINDS as readonly string[]).includes(x.trim())), {
      message: `Kinds are ${SEARCH_KINDS.join(", ")}`,
    })
    .optional(),
  /** relevance (default) or date (newest first). */
  sort: z.enum(["relevance", "date"]).optional(),
  /** One meeting's moments only ("more moments" of a result): up to 50 of them. */
  meetingId: z.string().uuid("Not a meeting id").optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of the matching passage; `match` marks the searched words. */
export const headlinePartSchema = z.object({ text: z.string(), match: z.boolean() });

/** One place in a meeting that matches: where it is, who said it, the words highlighted. */
export const searchMomentSchema = z.object({
  kind: z.enum(["title", "summary", "decision", "action_item", "turn"]),
  turnIndex: z.number().nullable(),
  speaker: z.string().nullable(),
  start: z.number().nullable(),
  headline: z.array(headlinePartSchema),
});
export type SearchMoment = z.infer<typeof searchMomentSchema>;

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
  /** The best moments (up to 3; up to 50 when one meeting is asked for), best first; the first is the one above. */
  moments: z.array(searchMomentSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
