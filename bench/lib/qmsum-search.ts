// Shared by bench/search.bench.ts and bench/ask.bench.ts: the real meetings of one split stored
// for one user of a running app (as the transcript import leaves them: turns, no notes), QMSum's
// queries with their relevant cue spans, the keywords a person would type for each query, and
// the hit measures over cited or found moments.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Utterance } from "../../contract/transcript";
import { loadRealMeetings, REAL_MEETINGS_DIR, type RealMeeting, type Split } from "./real-meetings";

export interface RealQuery {
  meetingId: string; // the corpus id (ES2003a)
  query: string;
  answer: string;
  /**
   * Inclusive ranges of turn numbers (turn n = the app's turn index n - 1): the corpus's cue ranges mapped onto the
   * turns the import makes (`turnOfCue`), so that a moment's turnIndex + 1 can be compared with them.
   */
  cues: [number, number][];
}

/**
 * Each cue number of a WebVTT file → the number (1-based) of the app's turn that holds it. The import merges
 * consecutive cues of one speaker into one turn (`mergeCues`), so after the first merge the corpus's cue numbers
 * run ahead of the turns (AMI: 45,692 cues, 43,930 turns on train). A merged turn starts where its first cue does and
 * cues do not overlap, so a cue belongs to the last turn that starts at or before it.
 */
export function turnOfCue(vtt: string, utterances: Pick<Utterance, "start">[]): Map<number, number> {
  const out = new Map<number, number>();
  let turn = 0;
  for (const m of vtt.matchAll(/^(\d+)\r?\n(?:(\d+):)?(\d{2}):(\d{2})[.,](\d{3}) -->/gm)) {
    const start = Number(m[2] ?? 0) * 3600 + Number(m[3]) * 60 + Number(m[4]) + Number(m[5]) / 1000;
    while (turn + 1 < utterances.length && (utterances[turn + 1]!.start ?? Infinity) <= start + 1e-6) turn++;
    out.set(Number(m[1]), turn + 1);
  }
  return out;
}

export function loadQueries(meetings: RealMeeting[]): RealQuery[] {
  return meetings.flatMap((m) => {
    const dir = path.join(REAL_MEETINGS_DIR, m.split, m.id);
    const ref = JSON.parse(readFileSync(path.join(dir, "reference.json"), "utf8"));
    const turnOf = turnOfCue(readFileSync(path.join(dir, "transcript.vtt"), "utf8"), m.utterances);
    const at = (cue: number) => {
      const t = turnOf.get(cue);
      if (t === undefined) throw new Error(`${m.id}: no cue ${cue}`);
      return t;
    };
    return (ref.queries as { query: string; answer: string; cues: [number, number][] }[]).map((q) => ({
      meetingId: m.id,
      ...q,
      cues: q.cues.map(([a, z]) => [at(a), at(z)] as [number, number]),
    }));
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
  const turn = turnIndex + 1;
  return q.cues.some(([a, b]) => turn >= a && turn <= b);
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
