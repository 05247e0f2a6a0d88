// Shared by bench/search.bench.ts and bench/ask.bench.ts: the real meetings of one split stored
// for one user of a running app (as the transcript import leaves them: turns, no notes), QMSum's
// queries with their relevant cue spans, the keywords a person would type for each query, and
// the hit measures over cited or found moments.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { loadRealMeetings, REAL_MEETINGS_DIR, type RealMeeting, type Split } from "./real-meetings";

export interface RealQuery {
  meetingId: string; // the corpus id (ES2003a)
  query: string;
  answer: string;
  /** Inclusive cue ranges (cue n = turn index n - 1). */
  cues: [number, number][];
}

export function loadQueries(meetings: RealMeeting[]): RealQuery[] {
  return meetings.flatMap((m) => {
    const ref = JSON.parse(readFileSync(path.join(REAL_MEETINGS_DIR, m.split, m.id, "reference.json"), "utf8"));
    return (ref.queries as { query: string; answer: string; cues: [number, number][] }[]).map((q) => ({ meetingId: m.id, ...q }));
  });
}

// The question's frame, which no passage says: "Summarize the discussion about …", "What did C think of …".
const FRAME = new Set(
  (
    "summarize summarise summary discuss discussed discussion discussions talk talked talking think thought thoughts opinion " +
    "opinions view views say said mention mentioned what why how which who when where whom whose did does do was were is are " +
    "the a an of about on in to for and or with by as at from that this these those their there his her its they them he she " +
    "it be been being had has have group team meeting meetings please give us"
  ).split(" "),
);

/** The words a person would type for a query: its topic, without the frame and speaker letters. */
export function keywordsOf(query: string): string {
  return query
    .toLowerCase()
    .replace(/[’']s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !FRAME.has(w))
    .join(" ");
}

/** A moment is relevant when it is in the query's meeting and inside one of its spans. */
export function isRelevant(q: RealQuery, corpusId: string | undefined, turnIndex: number | null): boolean {
  if (corpusId !== q.meetingId || turnIndex === null) return false;
  const cue = turnIndex + 1;
  return q.cues.some(([a, b]) => cue >= a && cue <= b);
}

export interface HitStats {
  n: number;
  hit1: number;
  hit3: number;
  hit10: number;
  mrr: number;
  empty: number;
}

/** hit@1/3/10 (share of queries with a relevant moment in the first k), MRR (first 10), empty answers. */
export function hitStats(ranks: (number | null)[], empties: number): HitStats {
  const n = ranks.length;
  const share = (k: number) => ranks.filter((r) => r !== null && r <= k).length / Math.max(1, n);
  return {
    n,
    hit1: share(1),
    hit3: share(3),
    hit10: share(10),
    mrr: ranks.reduce<number>((s, r) => s + (r !== null && r <= 10 ? 1 / r : 0), 0) / Math.max(1, n),
    empty: empties,
  };
}

/** The 1-based rank of the first relevant moment, or null. */
export function firstRelevant(q: RealQuery, moments: { corpusId: string | undefined; turnIndex: number | null }[]): number | null {
  const i = moments.findIndex((m) => isRelevant(q, m.corpusId, m.turnIndex));
  return i < 0 ? null : i + 1;
}

export const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/**
 * Stores the split's meetings for `userId` straight into the app's database (as a finished
 * transcript import: turns with speakers and times). Returns app meeting id → corpus id.
 */
export async function storeMeetings(
  databaseUrl: string,
  userId: string,
  split: Split,
): Promise<{ meetings: RealMeeting[]; corpusOf: Map<string, string> }> {
  const meetings = loadRealMeetings(split);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const corpusOf = new Map<string, string>();
  try {
    for (const m of meetings) {
      const { rows } = await db.query<{ id: string }>(
        `insert into meetings (user_id, title, status, source_type, transcript, utterances, duration_seconds, transcript_language,
                               transcript_engine, summary_engine, progress, processed_at, created_at, recorded_at)
         values ($1, $2, 'completed', 'transcript_import', $3, $4::jsonb, $5, 'en', 'import', 'built-in', 100, now(), now(), $6)
         returning id`,
        [
          userId,
          m.id,
          m.utterances.map((u) => u.text).join("\n"),
          JSON.stringify(m.utterances),
          Math.round(m.durationSeconds),
          m.meetingDate,
        ],
      );
      corpusOf.set(rows[0]!.id, m.id);
    }
    await db.query("analyze");
  } finally {
    await db.end();
  }
  return { meetings, corpusOf };
}
