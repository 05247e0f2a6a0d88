// Search across everything a user may read. Access is part of the query (own meetings and
// meetings shared with a team the user belongs to, guests included: they may read).
import { SEARCH_PAGE_SIZE, type SearchResponse, type SearchResult } from "../../../../contract/search";
import type { Db } from "../../db/client";
import type { Actor } from "../../http/auth.routes";
import { AppError } from "../../http/errors";
import {
  configsInUse,
  isStatementTimeout,
  MATCH_START,
  MATCH_STOP,
  searchPassages,
  withStatementTimeout,
  type PassageHit,
} from "./search.repo";

/** Splits ts_headline's marked text into plain and matched parts. */
export function headlineParts(marked: string): SearchResult["headline"] {
  const parts: SearchResult["headline"] = [];
  let match = false;
  for (const piece of marked.split(new RegExp(`([${MATCH_START}${MATCH_STOP}])`))) {
    if (piece === MATCH_START) match = true;
    else if (piece === MATCH_STOP) match = false;
    else if (piece) {
      const last = parts[parts.length - 1];
      if (last && last.match === match) last.text += piece;
      else parts.push({ text: piece, match });
    }
  }
  return parts;
}

// The cursor is the offset of the next page. Opaque so the paging can change without breaking clients.
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m) throw new AppError("BAD_REQUEST", "This search page link is not valid any more. Start the search again.");
  return Number(m[1]);
}

function toResult(r: PassageHit): SearchResult {
  return {
    meetingId: r.meeting_id,
    meetingTitle: r.title,
    recordedAt: new Date(r.recorded_at).toISOString(),
    ownerName: r.owner_name,
    kind: r.kind,
    turnIndex: r.kind === "turn" ? r.position : null,
    speaker: r.speaker,
    start: r.start_seconds === null ? null : Number(r.start_seconds),
    headline: headlineParts(r.headline),
    matchCount: r.match_count,
  };
}

/**
 * One page of results. The queries run under a statement time-out: a search PostgreSQL
 * cannot answer in `timeoutMs` (a very broad query, a database under load) is cancelled and
 * answers 503 rather than holding a connection and the user's page.
 */
export async function search(db: Db, actor: Actor, q: string, cursor: string | undefined, timeoutMs: number): Promise<SearchResponse> {
  const offset = decodeCursor(cursor);
  let rows: PassageHit[];
  try {
    rows = await withStatementTimeout(db, timeoutMs, async (tx) =>
      searchPassages(tx, actor.id, await configsInUse(tx), q, SEARCH_PAGE_SIZE + 1, offset),
    );
  } catch (e) {
    if (!isStatementTimeout(e)) throw e;
    throw new AppError("UNAVAILABLE", "This search took too long and was stopped. Try more specific words, or search again in a moment.", {
      retryAfterSeconds: 5,
      cause: e,
    });
  }
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  return {
    results: page.map(toResult),
    nextCursor: rows.length > SEARCH_PAGE_SIZE ? encodeCursor(offset + SEARCH_PAGE_SIZE) : null,
  };
}
