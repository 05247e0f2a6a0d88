// Hybrid retrieval where an embedding model is installed (decision 036): the lexical ranking
// (BM25, search.repo.ts) and the vector ranking (cosine, embeddings.repo.ts) fused by reciprocal
// rank fusion, score = Σ 1 / (k + rank). Ranks, not scores, are fused: BM25 and cosine are on
// scales that do not compare.
import type { SearchMoment, SearchResult } from "../../../../contract/search";
import type { Db } from "../../db/client";
import type { NearPassage } from "./embeddings.repo";
import { isStatementTimeout, withStatementTimeout, type PassageText, type Queryable } from "./search.repo";

/** RRF's constant (Cormack et al. 2009): ranks past the first few weigh nearly alike. */
export const RRF_K = 60;
/** Passages the vector ranking contributes (its top k by cosine). */
export const VECTOR_K = 50;

/** Something that turns texts into vectors with one embedding model (the local worker, or a test's). */
export interface Embedder {
  /** The model's catalogue id: vectors of different models are never compared. */
  readonly model: string;
  /** One vector per text; `role` lets a model that was trained with prefixes for each side (nomic: search_query / search_document) use them. */
  embed(texts: string[], role: "query" | "document"): Promise<number[][]>;
}

/** The embedder in use now: a fixed one, or one looked up per request (a model installed later is used from then on). */
export type EmbedderSource = Embedder | (() => Embedder | null) | null;

export const embedderOf = (source: EmbedderSource): Embedder | null => (typeof source === "function" ? source() : source);

/**
 * The query's vector, or null when the embedder fails or takes longer than `timeoutMs` (a broken or
 * slow model file): search then answers lexically rather than failing or hanging.
 */
export async function queryVector(embedder: Embedder, text: string, timeoutMs: number): Promise<number[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const v = await Promise.race([embedder.embed([text], "query").then((r) => r[0] ?? null), late]);
    return v && v.length ? v : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The share of the search time-out the vector side may take after the lexical side has answered. */
export const VECTOR_BUDGET_SHARE = 0.5;

/**
 * The vector side under its own share of the time-out, after the lexical side. Without pgvector the
 * scan is exact and grows with the vectors a user may read (about 0.2 ms each at 768 dimensions on
 * the embedded database): one that cannot finish in time gives no vector results, and the search
 * answers with its lexical results instead of failing with 503.
 */
export async function withinVectorBudget<T>(db: Db, timeoutMs: number, work: (tx: Queryable) => Promise<T[]>): Promise<T[]> {
  try {
    return await withStatementTimeout(db, timeoutMs * VECTOR_BUDGET_SHARE, work);
  } catch (e) {
    if (isStatementTimeout(e)) return [];
    throw e;
  }
}

/** Keys in the order of their fused score; ties keep the first ranking's order. */
export function reciprocalRankFusion(rankings: string[][], k = RRF_K): string[] {
  const score = new Map<string, number>();
  const first = new Map<string, number>();
  let seen = 0;
  for (const ranking of rankings)
    ranking.forEach((key, i) => {
      score.set(key, (score.get(key) ?? 0) + 1 / (k + i + 1));
      if (!first.has(key)) first.set(key, seen++);
    });
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || first.get(a)! - first.get(b)!);
}

/** A passage shown whole up to this length, else its start. */
const SHOWN_CHARS = 240;

function nearMoment(p: NearPassage): SearchMoment {
  const text = p.body.length <= SHOWN_CHARS ? p.body : `${p.body.slice(0, SHOWN_CHARS).replace(/\s+\S*$/, "")} …`;
  return {
    kind: p.kind,
    turnIndex: p.kind === "turn" ? p.position : null,
    speaker: p.speaker,
    start: p.start_seconds === null ? null : Number(p.start_seconds),
    // No word of the query need be in it: nothing is marked.
    headline: [{ text, match: false }],
  };
}

/**
 * Meetings ranked by RRF of the lexical results (in their order) and the meetings of the nearest
 * passages (in the order of each meeting's nearest passage). A meeting found lexically keeps its
 * highlighted moments; one found only by meaning shows its nearest passages (up to `moments`).
 */
export function fuseResults(lexical: SearchResult[], near: NearPassage[], moments: number): SearchResult[] {
  const byMeeting = new Map<string, NearPassage[]>();
  for (const p of near) byMeeting.set(p.meeting_id, [...(byMeeting.get(p.meeting_id) ?? []), p]);
  const lexicalById = new Map(lexical.map((r) => [r.meetingId, r]));
  const order = reciprocalRankFusion([lexical.map((r) => r.meetingId), [...byMeeting.keys()]]);
  return order.map((id) => {
    const found = lexicalById.get(id);
    if (found) return found;
    const passages = byMeeting.get(id)!;
    const shown = passages.slice(0, moments).map(nearMoment);
    const p = passages[0]!;
    return {
      meetingId: id,
      meetingTitle: p.title,
      recordedAt: new Date(p.recorded_at).toISOString(),
      ownerName: p.owner_name,
      ...shown[0]!,
      matchCount: passages.length,
      moments: shown,
    };
  });
}

const placeOf = (p: { meeting_id: string; kind: string; position: number }) => `${p.meeting_id}:${p.kind}:${p.position}`;

/**
 * Ask's passages: the lexical ones (best first) and the nearest ones fused by RRF, `limit` kept. A
 * passage found only by meaning scores as the lowest lexical passage and counts as close to the
 * best meeting (ask keeps only meetings near the best score): the fused rank placed it, and the
 * built-in answer still weighs each sentence by the question's words it holds.
 */
export function fusePassages(lexical: PassageText[], near: NearPassage[], limit: number): PassageText[] {
  const byPlace = new Map(lexical.map((p) => [placeOf(p), p]));
  const floor = lexical.length ? Math.min(...lexical.map((p) => p.score)) : 1;
  const top = lexical.length ? Math.max(...lexical.map((p) => p.meeting_score)) : 1;
  for (const p of near.filter((n) => n.kind !== "title"))
    if (!byPlace.has(placeOf(p)))
      byPlace.set(placeOf(p), {
        meeting_id: p.meeting_id,
        title: p.title,
        kind: p.kind,
        position: p.position,
        speaker: p.speaker,
        start_seconds: p.start_seconds,
        body: p.body,
        score: floor,
        meeting_score: top,
      });
  const order = reciprocalRankFusion([lexical.map(placeOf), near.filter((n) => n.kind !== "title").map(placeOf)]);
  return order.slice(0, limit).map((key) => byPlace.get(key)!);
}
