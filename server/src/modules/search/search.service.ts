// Search across everything a user may read: any of the words, BM25-ranked (search.repo.ts). Access is part of the query (own meetings and
// meetings shared with a team the user belongs to, guests included: they may read).
import {
  SEARCH_PAGE_SIZE,
  type SearchKind,
  type SearchMoment,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from "../../../../contract/search";
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { apartInTime, parseQuery, speakerLabelsOf, type ParsedQuery } from "./search-query";
import { hasReadableEmbeddings, nearestPassages } from "./embeddings.repo";
import { embedderOf, fuseResults, queryVector, VECTOR_K, withinVectorBudget, type Embedder, type EmbedderSource } from "./hybrid";
import {
  configStats,
  configsInUse,
  isStatementTimeout,
  lexemesOf,
  MATCH_START,
  MATCH_STOP,
  searchPassages,
  withStatementTimeout,
  PASSAGE_END_CHARS,
  type ConfigQuery,
  type PassageHit,
  type PassageKind,
  type Queryable,
  type SearchFilters,
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

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
/** Words compared at each end: enough that a repeated phrase rarely fools it. */
const END_WORDS = 4;

/**
 * The headline with "…" where it starts after the passage's start or ends before its end, so a
 * reader sees an excerpt. `head` and `tail` are the passage's first and last `endChars`
 * characters; a word on their cut side may be partial, so it is not compared. Words, not
 * characters, are compared: ts_headline may leave out the punctuation around a fragment.
 */
export function markCuts(
  parts: SearchResult["headline"],
  head: string,
  tail: string,
  endChars = PASSAGE_END_CHARS,
): SearchResult["headline"] {
  const shown = words(parts.map((p) => p.text).join(""));
  if (shown.length === 0) return parts;
  const headWords = words(head).slice(0, head.length >= endChars ? -1 : undefined);
  const tailWords = words(tail).slice(tail.length >= endChars ? 1 : 0);
  const same = (a: string[], b: string[]) => a.length > 0 && a.every((w, i) => w === b[i]);
  const k = (available: number) => Math.min(END_WORDS, shown.length, available);
  const fromStart = same(shown.slice(0, k(headWords.length)), headWords);
  const toEnd = same(shown.slice(-k(tailWords.length)), tailWords.slice(-k(tailWords.length)));
  const out = parts.map((p) => ({ ...p }));
  if (!fromStart) out.unshift({ text: "… ", match: false });
  if (!toEnd) out.push({ text: " …", match: false });
  return out;
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

/** The query in each configuration in use: its words' lexemes, counts and the configuration's statistics. */
export async function configQueries(tx: Queryable, parsed: ParsedQuery, typoSimilarity: number): Promise<ConfigQuery[]> {
  if (!parsed.words.length) return [];
  const out: ConfigQuery[] = [];
  for (const config of await configsInUse(tx)) {
    const stats = await configStats(tx, config);
    const terms = await lexemesOf(tx, config, parsed.words, parsed.prefixWord, { enabled: stats.trigram, similarity: typoSimilarity });
    out.push({
      config,
      stats,
      terms,
      phrases: parsed.phrases.map((p) => p.join(" ")),
      excluded: parsed.excluded,
      wholePhrase: parsed.words.length > 1 && !parsed.phrases.length ? parsed.words.join(" ") : null,
    });
  }
  return out;
}

/** Close spellings must share this much (pg_trgm similarity) with a word no passage holds. */
export const TYPO_SIMILARITY = 0.45;
/** Moments per meeting on a results page, and when one meeting's moments are asked for. */
const MOMENTS = 3;
const MOMENTS_OF_ONE = 50;
/** A results page reads this many times its moments per meeting, to choose moments apart in time among them. */
const MOMENT_CHOICE = 4;

const KIND_OF: Record<SearchKind, PassageKind> = {
  transcript: "turn",
  summary: "summary",
  decision: "decision",
  action_item: "action_item",
};

export function filtersOf(query: Omit<SearchQuery, "q" | "cursor" | "sort">): SearchFilters {
  const day = (d: string, plus = 0) => new Date(Date.parse(`${d}T00:00:00Z`) + plus * 86_400_000);
  if (query.from && query.to && query.from > query.to) throw new AppError("BAD_REQUEST", "The start date is after the end date.");
  return {
    meetingId: query.meetingId,
    speaker: query.speaker,
    teamId: query.teamId,
    from: query.from ? day(query.from) : undefined,
    to: query.to ? day(query.to, 1) : undefined,
    kinds: query.kind ? [...new Set(query.kind.split(",").map((k) => KIND_OF[k.trim() as SearchKind]))] : undefined,
  };
}

/** Runs `work` under the search time-out; a cancelled query answers 503 with a message. */
export async function underTimeout<T>(db: Db, timeoutMs: number, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await withStatementTimeout(db, timeoutMs, work);
  } catch (e) {
    if (!isStatementTimeout(e)) throw e;
    throw new AppError("UNAVAILABLE", "This search took too long and was stopped. Try more specific words, or search again in a moment.", {
      retryAfterSeconds: 5,
      cause: e,
    });
  }
}

function toMoment(r: PassageHit): SearchMoment {
  return {
    kind: r.kind,
    turnIndex: r.kind === "turn" ? r.position : null,
    speaker: r.speaker,
    start: r.start_seconds === null ? null : Number(r.start_seconds),
    headline: markCuts(headlineParts(r.headline), r.body_head, r.body_tail),
  };
}

/**
 * Rows (a meeting's moments best first, meetings in order) → one result per meeting with up to
 * `moments` moments, the first ones at least half a minute apart (apartInTime).
 */
export function toResults(rows: PassageHit[], moments: number): SearchResult[] {
  const byMeeting: PassageHit[][] = [];
  for (const r of rows) {
    const last = byMeeting[byMeeting.length - 1];
    if (last && last[0]!.meeting_id === r.meeting_id) last.push(r);
    else byMeeting.push([r]);
  }
  const chosen = byMeeting.flatMap((list) =>
    apartInTime(list, (r) => ({ meetingId: r.meeting_id, start: r.start_seconds === null ? null : Number(r.start_seconds) })).slice(
      0,
      moments,
    ),
  );
  const out: SearchResult[] = [];
  for (const r of chosen) {
    const last = out[out.length - 1];
    if (last && last.meetingId === r.meeting_id) {
      last.moments.push(toMoment(r));
      continue;
    }
    const moment = toMoment(r);
    out.push({
      meetingId: r.meeting_id,
      meetingTitle: r.title,
      recordedAt: new Date(r.recorded_at).toISOString(),
      ownerName: r.owner_name,
      ...moment,
      matchCount: r.match_count,
      moments: [moment],
    });
  }
  return out;
}

export class SearchService {
  /** `embedder`: the installed embedding model, when there is one (decision 036); without it search is lexical only. */
  constructor(
    private readonly ctx: Pick<AppContext, "database" | "config">,
    private readonly embedder: EmbedderSource = null,
  ) {}

  /**
   * Whether this query is also ranked by meaning: a model, a relevance sort, words to embed, and no
   * quotes or -word (those ask for exact text, which a vector cannot promise).
   */
  private semantic(query: SearchQuery, parsed: ParsedQuery): Embedder | null {
    if ((query.sort ?? "relevance") !== "relevance") return null;
    if (!parsed.words.length || parsed.phrases.length || parsed.excluded.length) return null;
    return embedderOf(this.embedder);
  }

  /**
   * One page of results: meetings with a passage holding any of the words, best first, each with
   * its best moments. The queries run under a statement time-out: a search PostgreSQL cannot
   * answer within `config.search.timeoutMs` (a very broad query, a database under load) is cancelled
   * and answers 503 rather than holding a connection and the user's page.
   */
  async search(actor: Actor, query: SearchQuery): Promise<SearchResponse> {
    const { db } = this.ctx.database;
    const { timeoutMs } = this.ctx.config.search;
    const offset = decodeCursor(query.cursor);
    const parsed = parseQuery(query.q);
    // A speaker the query names in full ("project manager budget") is a preference, not a filter.
    const filters = { ...filtersOf(query), speakerLabels: speakerLabelsOf(parsed.words) };
    const moments = query.meetingId ? MOMENTS_OF_ONE : MOMENTS;
    const embedder = this.semantic(query, parsed);
    const model = embedder && (await hasReadableEmbeddings(db, actor.id, embedder.model)) ? embedder : null;
    const vector = model ? await queryVector(model, query.q, timeoutMs) : null;
    const vectors = vector ? model : null;
    // Fused pages are cut from the fused ranking of every meeting up to the page's end.
    const [from, limit] = vectors ? [0, offset + SEARCH_PAGE_SIZE + 1] : [offset, SEARCH_PAGE_SIZE + 1];
    const rows = await underTimeout(db, timeoutMs, async (tx) =>
      searchPassages(tx, actor.id, await configQueries(tx, parsed, TYPO_SIMILARITY), filters, {
        limit,
        offset: from,
        moments: query.meetingId ? moments : moments * MOMENT_CHOICE,
        sort: query.sort ?? "relevance",
      }),
    );
    const near =
      vectors && vector
        ? await withinVectorBudget(db, timeoutMs, (tx) => nearestPassages(tx, actor.id, vectors.model, vector, filters, VECTOR_K))
        : [];
    const results = vectors ? fuseResults(toResults(rows, moments), near, moments).slice(offset) : toResults(rows, moments);
    const page = results.slice(0, SEARCH_PAGE_SIZE);
    return {
      results: page,
      nextCursor: results.length > SEARCH_PAGE_SIZE ? encodeCursor(offset + SEARCH_PAGE_SIZE) : null,
    };
  }
}
