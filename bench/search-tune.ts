// `npx tsx bench/search-tune.ts [--split=train] [--cache=FILE] ['[{"b":0.2},{"gap":3}]']`: ranking
// experiments in seconds instead of a bench run each (decision 021's tuning log). Stores the split's
// meetings (train unless --split=val: tune on train) in the built app's database and dumps every
// turn (tsvector with counts and positions, speaker, start, text), the vocabulary's passage counts and
// every query word's lexemes once (to FILE, /tmp/search-tune-<split>-v3.json by default; later runs read it without a
// server). Then it scores each query's own meeting in JS as search.repo.ts does (BM25 with binary tf,
// b, k1, the all-words bonus, ask's speaker preference) with the variant's changes, and prints hit@1/3/10
// of the moments within the query's meeting for the keywords bench:search types, for the question as
// ask reads it, and citation hit@3 and ROUGE-1 of ask's built-in answer over those passages. `{}` is
// the second round's ranking; the third round's is `{"tf":true,"tfCap":3,"label":2,"gapSec":30,"askGap":30}`,
// and the app since the fourth adds windows of consecutive turns: `…,"win":[400],"winBy":"words","ww":[0.3],"wtf":"turns"}`
// (decision 021), which `--http` checks against the app itself. `--cv` (variants inline or `--variants=FILE`)
// judges keywords hit@3 by meeting-grouped 5-fold cross-validation per domain (`--cv=qn`: the question as ask
// reads it; `--cv=ask`: ask's citations); `--rerank` / `--rerank-pairs`
// cross-validate learned re-rankers (pointwise / pairwise logistic regression) the same way. The sixth round's
// options (decision 021): learned query-word weights (`qw`: a table of log-lifts, `qwFit`: per-lexeme weights fitted to
// the ranking, `qwReg`: a regression on word features), each learned inside every fold from the other folds' queries
// (`--learn-from=FILE` learns from a whole other dump, for a look at val; `--show-weights=OPTIONS` prints the table);
// topic blocks (`seg` with `segSize`, `stf`), in-meeting burstiness (`burst`), the "about …" words (`aboutW`) and the
// "when discussing …" words as a wide window's prior (`ctxPrior`); `--misses=DOMAIN` prints the first variant's misses.
// A change is judged here on train, then measured with bench:search / bench:ask.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import { builtInAnswer, questionWords, speakerWordsOf } from "../server/src/modules/ask/ask.service";
import type { PassageText } from "../server/src/modules/search/search.repo";
import { apartInTime } from "../server/src/modules/search/search-query";
import { rouge } from "./lib/rouge";
import { keywordsOf, loadQueries, storeMeetings, type RealQuery } from "./lib/qmsum-search";
import { loadRealMeetings, realMeetingsAvailable, splitFromArgs, type Split } from "./lib/real-meetings";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, startServer } from "./perf/server";

interface Variant {
  k1?: number;
  b?: number;
  /** Multiplier for a passage holding every word. */
  all?: number;
  /** Score × (share of the query's words held) ^ cover. */
  cover?: number;
  /** Moments at least this many turns apart (greedy, best first). */
  gap?: number;
  /** Moments at least this many seconds apart (start to start; greedy, best first). */
  gapSec?: number;
  /** Words of a "when discussing …" / "during …" clause weigh this much (the setting, not the subject). */
  ctxW?: number;
  /** Ask: the built-in answer's leading passages at least this many seconds apart (0: as ranked). */
  askGap?: number;
  /** Add wa × the idf sum of the words held anywhere within ±wd turns. */
  wd?: number;
  wa?: number;
  /** Ask's preference for turns by a speaker the question names (2 as built). */
  spk?: number;
  /** Real term frequency (counts in the tsvector) with BM25 saturation instead of binary. */
  tf?: boolean;
  /** With tf: counts above this count as this (bounds a passage's score for the all-words narrowing). */
  tfCap?: number;
  /** Length in tokens (positions) instead of distinct lexemes. */
  tokens?: boolean;
  /** Words dropped from both query forms besides what keywordsOf / questionWords drop. */
  drop?: string;
  /** Meta words weigh this much (0 = dropped) instead of their idf. */
  metaWeight?: number;
  /** Which meta list: "words" (META, as written) or "stems" (META_STEMS against the word's lexemes, every inflection). */
  metaList?: "words" | "stems" | "stems2";
  /** Turns of fewer than this many lexemes are not moments. */
  minLen?: number;
  /** Segments: TextTiling-like boundaries (word overlap of ±seg turns); score += sa × the segment's BM25 score as one document. */
  seg?: number;
  sa?: number;
  /** At most one moment per segment (diverse moments). */
  segDiverse?: boolean;
  /** A short matching turn hands its score to the longest turn within ±snap turns (if longer than minLen). */
  snap?: number;
  /** A turn whose whole speaker label is written in the query (any case, "project manager") weighs this much more (both forms). */
  label?: number;
  /** With label: the label's words are not looked for in the text. */
  labelDrop?: boolean;
  /**
   * A speaker label's own words (indexed with each of that speaker's turns, weight D) do not count as a
   * text match: "named" for the words of a label the query writes in full, "spk" also for ask's speaker
   * words, "all" for every query word. Where a speaker says the word, it still counts.
   */
  labelText?: "named" | "spk" | "all";
  /** Windows: a word held only through a speaker's label counts at most once per window. */
  labelWinOnce?: boolean;
  /** A turn of under this many lexemes that holds the query's words only through its speaker label is no moment. */
  labelShort?: number;
  /** Proximity: × (1 + nb × share of the query's adjacent word pairs said within `near` words of each other). */
  near?: number;
  nb?: number;
  /** Passages of consecutive turns: window sizes (seconds, or lexemes with `winBy: "words"`), each scored as a BM25 document. */
  win?: number[];
  winBy?: "sec" | "words" | "speaker";
  /** Per size, its own kind (overrides winBy): e.g. ["words", "speaker"]. */
  winKinds?: ("sec" | "words" | "speaker")[];
  /** Weight of each window size's score in a turn's score (one per size; default 1). */
  ww?: number[];
  /** Which windows a turn takes its window score from: the best one holding it, the one it starts, or the one centred on it. */
  anchor?: "max" | "start" | "center";
  /** Windows' BM25: k1 and b (length against the meeting's average window of that size). */
  wk1?: number;
  wb?: number;
  /** Window tf: "tf" sums the turns' capped counts, "turns" counts the turns holding the word. */
  wtf?: "tf" | "turns";
  /** Window all-words multiplier. */
  wall?: number;
  /** How a turn's own score and its window score combine: turn + Σ ww × window, or max(turn, Σ ww × window), or turn × (1 + Σ ww × window / best window). */
  combine?: "sum" | "max" | "mul";
  /**
   * Learned query-word informativeness (sixth round): each lexeme's BM25 weight × a clamped function of how much
   * more often it occurs inside the relevant spans than elsewhere in the same meeting, learned from the training
   * folds' queries (from the whole train split for `--learn-from`). Lexemes seen in fewer than `minQ` queries keep 1.
   */
  qw?: QwOptions;
  /** The learned table itself (lexeme → multiplier): set per fold from `qw`, or given inline. */
  termW?: Record<string, number>;
  /** Words after "about / on / regarding / concerning" (the question's topic) weigh this much. */
  aboutW?: number;
  /** Topic blocks' tf: summed capped counts ("tf", as built) or how many of the block's turns hold the word. */
  stf?: "tf" | "turns";
  /** Topic blocks by depth score (TextTiling) of about this many lexemes, instead of `seg`'s cuts below mean − sd/2. */
  segSize?: number;
  /**
   * Burstiness within the meeting: a word whose turns crowd into a few blocks of `size` lexemes (a topic) weighs
   * (expected blocks under an even spread / blocks it occurs in) ^ gamma, clamped to [lo, hi]; one said evenly keeps 1.
   */
  burst?: { size: number; gamma: number; lo: number; hi: number };
  /**
   * Per-lexeme weights fitted to the ranking itself on the training folds: each lexeme of at least `minQ` training
   * queries tries × each of `ms` alone (every other lexeme at 1) and keeps the one that raises the training queries'
   * objective (keywords and question forms: hit@3, or reciprocal rank within 10) by at least `minGain`.
   */
  qwFit?: { minQ: number; ms: number[]; minGain: number; obj?: "hit3" | "rr" };
  /**
   * Informativeness from features instead of a table (generalises to unseen words): a ridge regression of each
   * training (query, word)'s log-lift on the word's features (termFeatures), learned per fold; weight
   * exp(gamma × (prediction − the training mean)), clamped to [lo, hi].
   */
  /** With ctxW's clause: its words score a window of `size` lexemes × w instead of the turn (see rank). */
  ctxPrior?: { size: number; w: number };
  qwReg?: { lambda: number; gamma: number; lo: number; hi: number };
  /** The fitted model (set per fold from `qwReg`). */
  qwModel?: { theta: number[]; mean: number; gamma: number; lo: number; hi: number };
}

interface QwOptions {
  /** Lexemes seen in at least this many training queries get a weight. */
  minQ: number;
  /** Multiplier exp(gamma × (log-lift − the mean log-lift of query words)), clamped to [lo, hi]. */
  gamma: number;
  lo: number;
  hi: number;
  /** Pseudo-counts of the log-ratio. */
  alpha?: number;
  /** Shrink a lexeme's log-lift toward the mean by n / (n + kappa) (n: its training queries). */
  kappa?: number;
  /** Which query form's words learn: both (default), keywords or the question as ask reads it. */
  form?: "both" | "kw" | "qn";
}

interface Turn {
  position: number;
  start: number;
  len: number;
  tokens: number;
  speaker: string;
  body: string;
  tf: Record<string, number>;
  /** Positions of each lexeme (stop words keep their places, as in phrase queries). */
  pos: Record<string, number[]>;
}
interface Dump {
  n: number;
  avgLen: number;
  avgTokens: number;
  df: Record<string, number>;
  meetings: Record<string, { domain: string; turns: Turn[] }>;
  words: Record<string, string[]>;
  queries: (RealQuery & { domain: string })[];
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const wordsOf = (text: string) => [...new Set((text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'")))];

// Meta words: they say what kind of question it is, not what it is about.
const META =
  "discuss discussed discussion discussions talk talked talking think thought thoughts opinion opinions summarize summarise summary " +
  "meeting meetings group team decide decided decision decisions mention mentioned agree agreed agreement why what how whole " +
  "say said says view views idea ideas feel felt suggest suggested suggestion propose proposed proposal regard regarding consider considered reason reasons";

// Discourse verbs and nouns of a question, as english lexemes (every inflection: discussing, suggested, proposal).
const META_STEMS =
  "discuss talk think thought opinion summar summari mention suggest recommend propos agre agreement disagre decid decis say said explain describ " +
  "view feel felt believ consid regard toward";
// Also the words a question uses to point at a part of the meeting.
const META_STEMS2 = `${META_STEMS} idea reason point rais bring forward main specif detail whole overal`;

async function dump(split: Split, file: string): Promise<Dump> {
  await ensureAppBuilt();
  const dataDir = await makeTempDir("minutes-search-tune-");
  const server = await startServer({ dataDir });
  try {
    const client = new Client(server.url);
    const { user } = await client.signUp(`search-tune-${Date.now()}@example.com`);
    const { meetings, corpusOf } = await storeMeetings(server.databaseUrl(), user.id, split);
    const db = new pg.Client({ connectionString: server.databaseUrl() });
    await db.connect();
    try {
      const out: Dump = { n: 0, avgLen: 0, avgTokens: 0, df: {}, meetings: {}, words: {}, queries: [] };
      for (const m of meetings) out.meetings[m.id] = { domain: m.domain, turns: [] };
      const rows = await db.query<{
        meeting_id: string;
        kind: string;
        position: number;
        start: number;
        len: number;
        tsv: string;
        speaker: string;
        body: string;
      }>(
        "select meeting_id, kind, position, coalesce(start_seconds, 0)::float8 as start, length(tsv) as len, tsv::text as tsv, coalesce(speaker, '') as speaker, body from search_passages",
      );
      let lengths = 0;
      let tokens = 0;
      for (const r of rows.rows) {
        const tf: Record<string, number> = {};
        const pos: Record<string, number[]> = {};
        for (const m of r.tsv.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
          const l = m[1]!.replace(/''/g, "'");
          tf[l] = m[2] ? m[2].split(",").length : 1;
          pos[l] = m[2] ? m[2].split(",").map((x) => parseInt(x, 10)) : [];
        }
        const t = Object.values(tf).reduce((a, b) => a + b, 0);
        out.n++;
        lengths += r.len;
        tokens += t;
        for (const l of Object.keys(tf)) out.df[l] = (out.df[l] ?? 0) + 1;
        if (r.kind !== "turn") continue;
        out.meetings[corpusOf.get(r.meeting_id)!]!.turns.push({
          position: r.position,
          start: r.start,
          len: r.len,
          tokens: t,
          speaker: r.speaker,
          body: r.body,
          tf,
          pos,
        });
      }
      out.avgLen = lengths / out.n;
      out.avgTokens = tokens / out.n;
      for (const m of Object.values(out.meetings)) m.turns.sort((x, y) => x.position - y.position);
      const queries = loadQueries(meetings);
      const words = new Set<string>();
      for (const q of queries) for (const w of [...wordsOf(keywordsOf(q.query)), ...wordsOf(q.query)]) words.add(w);
      const r = await db.query<{ w: string; l: string[] }>(
        "select w, tsvector_to_array(to_tsvector('english', w)) as l from unnest($1::text[]) w",
        [[...words]],
      );
      for (const x of r.rows) out.words[x.w] = x.l;
      out.queries = queries.map((q) => ({ ...q, domain: out.meetings[q.meetingId]!.domain }));
      writeFileSync(file, JSON.stringify(out));
      return out;
    } finally {
      await db.end();
    }
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

/**
 * The dump's queries read again, with their spans in the app's turn numbers (`loadQueries` maps the corpus's cue
 * numbers through the import's merging of one speaker's consecutive cues; dumps written before the sixth round hold
 * the raw cue numbers, which run ahead of the turns after the first merge).
 */
function queriesOf(d: Dump): Dump["queries"] {
  const ids = new Set(Object.keys(d.meetings));
  const meetings = (["train", "val"] as const).flatMap((s) => loadRealMeetings(s, (id) => ids.has(id)));
  for (const m of meetings)
    if (m.utterances.length !== d.meetings[m.id]!.turns.length) throw new Error(`${m.id}: the dump's turns are not the import's`);
  return loadQueries(meetings).map((q) => ({ ...q, domain: d.meetings[q.meetingId]!.domain }));
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

interface Term {
  lexemes: string[];
  idf: number;
  meta: boolean;
  /** The query's word it came from. */
  word?: string;
}

/** TextTiling-like: a boundary before turn i where the words of the `w` turns before and after share little (local minima below mean − sd/2). */
function segments(turns: Turn[], w: number): number[] {
  const gapScore: number[] = [];
  for (let i = 1; i < turns.length; i++) {
    const a = new Map<string, number>();
    const b = new Map<string, number>();
    for (let j = Math.max(0, i - w); j < i; j++) for (const [l, c] of Object.entries(turns[j]!.tf)) a.set(l, (a.get(l) ?? 0) + c);
    for (let j = i; j < Math.min(turns.length, i + w); j++)
      for (const [l, c] of Object.entries(turns[j]!.tf)) b.set(l, (b.get(l) ?? 0) + c);
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (const [l, c] of a) {
      na += c * c;
      dot += c * (b.get(l) ?? 0);
    }
    for (const c of b.values()) nb += c * c;
    gapScore.push(na && nb ? dot / Math.sqrt(na * nb) : 0);
  }
  const mean = gapScore.reduce((x, y) => x + y, 0) / Math.max(1, gapScore.length);
  const sd = Math.sqrt(gapScore.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, gapScore.length));
  const seg: number[] = [0];
  let id = 0;
  for (let i = 1; i < turns.length; i++) {
    const g = gapScore[i - 1]!;
    const isMin = (i < 2 || g <= gapScore[i - 2]!) && (i >= gapScore.length || g <= gapScore[i]!);
    if (isMin && g < mean - sd / 2) id++;
    seg.push(id);
  }
  return seg;
}

const segCache = new Map<string, number[]>();

/**
 * TextTiling with depth scores: the similarity of the `w` turns before and after each gap (cosine of lexeme counts),
 * each gap's depth (how far it lies below the nearest peaks on both sides), and cuts at the deepest gaps, as many
 * as make blocks of about `size` lexemes on average (at least `minTurns` turns between cuts).
 */
function depthSegments(turns: Turn[], w: number, size: number, minTurns = 3): number[] {
  const n = turns.length;
  const g: number[] = [];
  for (let i = 1; i < n; i++) {
    const a = new Map<string, number>();
    const b = new Map<string, number>();
    for (let j = Math.max(0, i - w); j < i; j++) for (const [l, c] of Object.entries(turns[j]!.tf)) a.set(l, (a.get(l) ?? 0) + c);
    for (let j = i; j < Math.min(n, i + w); j++) for (const [l, c] of Object.entries(turns[j]!.tf)) b.set(l, (b.get(l) ?? 0) + c);
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (const [l, c] of a) {
      na += c * c;
      dot += c * (b.get(l) ?? 0);
    }
    for (const c of b.values()) nb += c * c;
    g.push(na && nb ? dot / Math.sqrt(na * nb) : 0);
  }
  const depth = g.map((x, k) => {
    let l = x;
    for (let j = k - 1; j >= 0 && g[j]! >= l; j--) l = g[j]!;
    let r = x;
    for (let j = k + 1; j < g.length && g[j]! >= r; j++) r = g[j]!;
    return l - x + (r - x);
  });
  const total = turns.reduce((s, t) => s + t.len, 0);
  const cuts = Math.max(0, Math.round(total / size) - 1);
  const order = depth.map((x, k) => ({ x, k })).sort((p, q) => q.x - p.x || p.k - q.k);
  const chosen: number[] = [];
  for (const { k } of order) {
    if (chosen.length >= cuts) break;
    if (chosen.some((c) => Math.abs(c - k) < minTurns)) continue;
    chosen.push(k);
  }
  const cutAt = new Set(chosen.map((k) => k + 1));
  const seg: number[] = [];
  let id = 0;
  for (let i = 0; i < n; i++) {
    if (cutAt.has(i)) id++;
    seg.push(id);
  }
  return seg;
}

/** A meeting's windows of one size: turn i's window is turns [lo[i], hi[i]); len is its length in lexemes. */
interface Windows {
  lo: Int32Array;
  hi: Int32Array;
  len: Float64Array;
  avg: number;
}
const winCache = new Map<string, Windows>();

/**
 * Windows of consecutive turns for each turn of a meeting: the turns starting within `size` seconds from its start
 * ("start", also what "max" reads), or centred on it; by "words", turns until `size` lexemes.
 */
function windowsOf(
  meetingId: string,
  turns: Turn[],
  size: number,
  by: "sec" | "words" | "speaker",
  anchor: "max" | "start" | "center",
): Windows {
  const key = `${meetingId}:${size}:${by}:${anchor === "center" ? "c" : "s"}`;
  const hit = winCache.get(key);
  if (hit) return hit;
  const n = turns.length;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const len = new Float64Array(n);
  const pre = [0];
  for (const t of turns) pre.push(pre[pre.length - 1]! + t.len);
  for (let i = 0; i < n; i++) {
    let a = i;
    let z = i + 1;
    if (by === "speaker") {
      // The run of turns by the turn's speaker that holds it (a monologue split into turns).
      while (a > 0 && turns[a - 1]!.speaker === turns[i]!.speaker) a--;
      while (z < n && turns[z]!.speaker === turns[i]!.speaker) z++;
    } else if (by === "sec") {
      const s0 = turns[i]!.start;
      if (anchor === "center") {
        while (a > 0 && turns[a - 1]!.start >= s0 - size / 2) a--;
        while (z < n && turns[z]!.start <= s0 + size / 2) z++;
      } else while (z < n && turns[z]!.start < s0 + size) z++;
    } else if (anchor === "center") {
      while (pre[z]! - pre[a]! < size && (a > 0 || z < n)) {
        if (a > 0) a--;
        if (z < n && pre[z]! - pre[a]! < size) z++;
      }
    } else while (z < n && pre[z]! - pre[a]! < size) z++;
    lo[i] = a;
    hi[i] = z;
    len[i] = pre[z]! - pre[a]!;
  }
  const avg = n ? len.reduce((x, y) => x + y, 0) / n : 1;
  const w = { lo, hi, len, avg: Math.max(1, avg) };
  winCache.set(key, w);
  return w;
}

/**
 * Each turn's window score: every window scored as one BM25 document (its turns' counts summed, its own length
 * normalisation), and a turn takes the best window holding it ("max"), the one it starts, or the one centred on it.
 */
function windowScores(
  v: Variant,
  meetingId: string,
  turns: Turn[],
  terms: Term[],
  tfs: number[][],
  size: number,
  by: "sec" | "words" | "speaker" = v.winBy ?? "sec",
  labelOnly?: boolean[][],
): number[] {
  // A speaker's run is the turn's own window (centred), not one that starts at it.
  const anchor = by === "speaker" ? "center" : (v.anchor ?? "max");
  const w = windowsOf(meetingId, turns, size, by, anchor);
  const n = turns.length;
  const k1 = v.wk1 ?? 1.2;
  const b = v.wb ?? 0.75;
  // Prefix sums of each term's count (or of the turns holding it).
  const pre = terms.map((_, k) => {
    const a = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) a[i + 1] = a[i]! + (v.wtf === "turns" ? (tfs[i]![k]! > 0 ? 1 : 0) : tfs[i]![k]!);
    return a;
  });
  // labelWinOnce: turns holding a word only through their speaker's label count once per window at most.
  const preLabel = labelOnly
    ? terms.map((_, k) => {
        const a = new Float64Array(n + 1);
        for (let i = 0; i < n; i++) a[i + 1] = a[i]! + (labelOnly[i]![k] ? 1 : 0);
        return a;
      })
    : null;
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const norm = 1 - b + (b * w.len[i]!) / w.avg;
    let s = 0;
    let held = 0;
    for (const [k, term] of terms.entries()) {
      const f = pre[k]![w.hi[i]!]! - pre[k]![w.lo[i]!]! + (preLabel ? Math.min(1, preLabel[k]![w.hi[i]!]! - preLabel[k]![w.lo[i]!]!) : 0);
      if (!f) continue;
      held++;
      s += (term.idf * f * (k1 + 1)) / (f + k1 * norm);
    }
    if (terms.length > 1 && held === terms.length) s *= v.wall ?? 1;
    score[i] = s;
  }
  if (anchor !== "max") return [...score];
  // The best window holding turn t: windows start at i ≤ t and reach past t (hi grows with i).
  const out = new Array<number>(n).fill(0);
  for (let t = 0; t < n; t++) {
    let best = 0;
    for (let i = t; i >= 0 && w.hi[i]! > t; i--) best = Math.max(best, score[i]!);
    out[t] = best;
  }
  return out;
}

/** A term's learned multiplier: the mean of its lexemes' (1 for a lexeme not in the table). */
function termWeight(table: Record<string, number> | undefined, lexemes: string[]): number {
  if (!table) return 1;
  return lexemes.reduce((s, l) => s + (table[l] ?? 1), 0) / lexemes.length;
}

/** Per query: for each of its words' lexemes, turns inside its relevant spans holding it / all inside, outside likewise. */
interface QwStat {
  lexeme: string;
  a: number;
  A: number;
  b: number;
  B: number;
}
const qwStatCache = new Map<string, QwStat[][]>();
function qwStats(d: Dump, form: "both" | "kw" | "qn"): QwStat[][] {
  const key = `${d.queries.length}:${form}`;
  const hit = qwStatCache.get(key);
  if (hit) return hit;
  const out = d.queries.map((q) => {
    const words = [
      ...(form !== "qn" ? wordsOf(keywordsOf(q.query)) : []),
      ...(form !== "kw" ? wordsOf(questionWords(q.query.slice(0, 500))) : []),
    ];
    const lexemes = [...new Set(words.flatMap((w) => d.words[w] ?? []))];
    const turns = d.meetings[q.meetingId]!.turns;
    const inside = turns.map((t) => inSpan(q, t.position));
    const A = inside.filter(Boolean).length;
    const B = turns.length - A;
    return lexemes.map((lexeme) => {
      let a = 0;
      let b = 0;
      for (const [i, t] of turns.entries()) if (t.tf[lexeme]) inside[i] ? a++ : b++;
      return { lexeme, a, A, b, B };
    });
  });
  qwStatCache.set(key, out);
  return out;
}

/** The learned table from the given queries (indices into d.queries): lexeme → multiplier. */
function learnTermWeights(d: Dump, queryIdx: number[], o: QwOptions): Record<string, number> {
  const stats = qwStats(d, o.form ?? "both");
  const alpha = o.alpha ?? 0.5;
  const sum = new Map<string, { n: number; a: number; A: number; b: number; B: number }>();
  for (const i of queryIdx)
    for (const s of stats[i]!) {
      const x = sum.get(s.lexeme) ?? { n: 0, a: 0, A: 0, b: 0, B: 0 };
      x.n++;
      x.a += s.a;
      x.A += s.A;
      x.b += s.b;
      x.B += s.B;
      sum.set(s.lexeme, x);
    }
  const lift = new Map<string, number>();
  for (const [l, x] of sum) lift.set(l, Math.log((x.a + alpha) / (x.A + 1)) - Math.log((x.b + alpha) / (x.B + 1)));
  // The typical query word (each occurrence in a training query once) keeps its weight.
  let tot = 0;
  let cnt = 0;
  for (const [l, x] of sum) {
    tot += lift.get(l)! * x.n;
    cnt += x.n;
  }
  const r0 = tot / Math.max(1, cnt);
  const table: Record<string, number> = {};
  for (const [l, x] of sum) {
    if (x.n < o.minQ) continue;
    const r = r0 + (x.n / (x.n + (o.kappa ?? 0))) * (lift.get(l)! - r0);
    table[l] = Math.min(o.hi, Math.max(o.lo, Math.exp(o.gamma * (r - r0))));
  }
  return table;
}

const QW_FEATURES = ["bias", "idf", "meetingShare", "burst", "about", "when", "meta", "capital", "length", "first"] as const;

/** Features of each term of a query in its meeting (QW_FEATURES). */
function termFeatures(d: Dump, q: Dump["queries"][number], turns: Turn[], terms: Term[]): number[][] {
  const about = /\b(?:about|regarding|concerning|on)\b(.*)$/i.exec(q.query);
  const aboutWords = new Set(about ? wordsOf(about[1]!) : []);
  const when = /\b(?:when|while|during|whilst)\b(.*)$/i.exec(q.query);
  const whenWords = new Set(when ? wordsOf(when[1]!) : []);
  const capitals = new Set((q.query.match(/(?<!^)\b\p{Lu}[\p{L}\p{N}]*/gu) ?? []).map((w) => w.toLowerCase()));
  const meta = new Set(META.split(" "));
  const qWords = wordsOf(q.query);
  const size = 400;
  const block: number[] = [];
  let at = 0;
  for (const t of turns) {
    block.push(Math.floor(at / size));
    at += t.len;
  }
  const nb = Math.max(1, Math.ceil(at / size));
  return terms.map((term) => {
    const w = term.word ?? "";
    const seenIn = new Set<number>();
    let n = 0;
    for (const [i, t] of turns.entries())
      if (term.lexemes.some((l) => t.tf[l])) {
        n++;
        seenIn.add(block[i]!);
      }
    const expected = nb * (1 - (1 - 1 / nb) ** n);
    const idx = qWords.indexOf(w);
    return [
      1,
      term.idf / 10,
      Math.log((n + 0.5) / (turns.length + 1)) / 5,
      n ? Math.log(expected / seenIn.size) : 0,
      aboutWords.has(w) ? 1 : 0,
      whenWords.has(w) ? 1 : 0,
      meta.has(w) ? 1 : 0,
      capitals.has(w) ? 1 : 0,
      Math.log(w.length + 1) / 2,
      idx >= 0 ? idx / Math.max(1, qWords.length) : 0.5,
    ];
  });
}

/** `qwReg`: the ridge regression of log-lift on termFeatures over the given queries (both forms' words). */
function fitTermModel(v: Variant, d: Dump, queryIdx: number[]): NonNullable<Variant["qwModel"]> {
  const o = v.qwReg!;
  const X: number[][] = [];
  const y: number[] = [];
  for (const i of queryIdx) {
    const q = d.queries[i]!;
    const turns = d.meetings[q.meetingId]!.turns;
    const words = [...new Set([...wordsOf(keywordsOf(q.query)), ...wordsOf(questionWords(q.query.slice(0, 500)))])];
    const terms: Term[] = [];
    const seen = new Set<string>();
    for (const w of words) {
      const lexemes = d.words[w] ?? [];
      if (!lexemes.length || seen.has(lexemes.join("|"))) continue;
      seen.add(lexemes.join("|"));
      terms.push({ lexemes, idf: idf(d.n, Math.min(d.n, Math.max(...lexemes.map((l) => d.df[l] ?? 0)))), meta: false, word: w });
    }
    const inside = turns.map((t) => inSpan(q, t.position));
    const A = inside.filter(Boolean).length;
    const B = turns.length - A;
    const fs = termFeatures(d, q, turns, terms);
    for (const [k, term] of terms.entries()) {
      let a = 0;
      let b = 0;
      for (const [j, t] of turns.entries()) if (term.lexemes.some((l) => t.tf[l])) inside[j] ? a++ : b++;
      X.push(fs[k]!);
      y.push(Math.log((a + 0.5) / (A + 1)) - Math.log((b + 0.5) / (B + 1)));
    }
  }
  // Normal equations (X'X + λI) θ = X'y, solved by Gaussian elimination (10 features).
  const m = X[0]!.length;
  const M = Array.from({ length: m }, (_, r) => Array.from({ length: m + 1 }, (_, c) => (c === r && r > 0 ? o.lambda * X.length : 0)));
  for (const [k, x] of X.entries())
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < m; c++) M[r]![c]! += x[r]! * x[c]!;
      M[r]![m]! += x[r]! * y[k]!;
    }
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = 0; r < m; r++) {
      if (r === c || !M[c]![c]) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= m; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  const theta = M.map((row, r) => (row[r] ? row[m]! / row[r]! : 0));
  const preds = X.map((x) => x.reduce((s, xi, j) => s + xi * theta[j]!, 0));
  if (process.env.QW_DEBUG) console.log(QW_FEATURES.map((f, j) => `${f} ${theta[j]!.toFixed(2)}`).join(", "));
  return { theta, mean: mean(preds), gamma: o.gamma, lo: o.lo, hi: o.hi };
}

/** `qwFit`: the table fitted on the given queries (indices into d.queries). */
function fitTermWeights(v: Variant, d: Dump, queryIdx: number[]): Record<string, number> {
  const o = v.qwFit!;
  const base: Variant = { ...v, qwFit: undefined, qw: undefined, termW: undefined };
  const forms = queryIdx.map((i) => {
    const q = d.queries[i]!;
    return [
      { q, words: wordsOf(keywordsOf(q.query)), spk: null as string[] | null },
      { q, words: wordsOf(questionWords(q.query.slice(0, 500))), spk: speakerWordsOf(q.query) },
    ];
  });
  const score = (vv: Variant, f: { q: Dump["queries"][number]; words: string[]; spk: string[] | null }) => {
    const r = rank(vv, d, f.q, f.words, f.spk)
      .moments.slice(0, 10)
      .findIndex((x) => inSpan(f.q, x.turn.position));
    if (o.obj === "rr") return r >= 0 ? 1 / (1 + r) : 0;
    return r >= 0 && r < 3 ? 1 : 0;
  };
  // Which training queries (either form) hold each lexeme.
  const holders = new Map<string, number[]>();
  forms.forEach((fs, k) => {
    const lex = new Set(fs.flatMap((f) => f.words.flatMap((w) => d.words[w] ?? [])));
    for (const l of lex) holders.set(l, [...(holders.get(l) ?? []), k]);
  });
  const table: Record<string, number> = {};
  for (const [l, ks] of holders) {
    if (ks.length < o.minQ) continue;
    const total = (vv: Variant) => ks.reduce((s, k) => s + forms[k]!.reduce((t, f) => t + score(vv, f), 0), 0);
    const at1 = total(base);
    let best = 1;
    let bestGain = 0;
    for (const m of o.ms) {
      const gain = total({ ...base, termW: { [l]: m } }) - at1;
      if (gain >= o.minGain && gain > bestGain) {
        best = m;
        bestGain = gain;
      }
    }
    if (best !== 1) table[l] = best;
  }
  return table;
}

/** Per-query results of a variant; with `qw`, each fold's queries are ranked with the table learned on the other folds. */
function perQuery<T>(v: Variant, d: Dump, one: (v: Variant, q: Dump["queries"][number]) => T): T[] {
  if ((!v.qw && !v.qwFit && !v.qwReg) || v.termW || v.qwModel) return d.queries.map((q) => one(v, q));
  const fold = foldsOf(d);
  const out = new Array<T>(d.queries.length);
  for (let f = 0; f < FOLDS; f++) {
    const trainIdx = d.queries.map((q, i) => (fold.get(q.meetingId) !== f ? i : -1)).filter((i) => i >= 0);
    const vf = v.qwReg
      ? { ...v, qwModel: fitTermModel(v, d, trainIdx) }
      : { ...v, termW: v.qwFit ? fitTermWeights(v, d, trainIdx) : learnTermWeights(d, trainIdx, v.qw!) };
    for (const [i, q] of d.queries.entries()) if (fold.get(q.meetingId) === f) out[i] = one(vf, q);
  }
  return out;
}

/** The query's turns of its meeting, scored and ordered (best first, moments as the variant picks them). */
function rank(v: Variant, d: Dump, q: Dump["queries"][number], words: string[], speakerWords: string[] | null) {
  const clause = /\b(?:when|while|during|whilst)\b(.*)$/i.exec(q.query);
  const context = new Set((v.ctxW !== undefined || v.ctxPrior) && clause ? wordsOf(clause[1]!) : []);
  const aboutClause = /\b(?:about|regarding|concerning|on)\b(.*)$/i.exec(q.query);
  const about = new Set(v.aboutW !== undefined && aboutClause ? wordsOf(aboutClause[1]!) : []);
  const k1 = v.k1 ?? 1.2;
  const b = v.b ?? 0.3;
  const turns = d.meetings[q.meetingId]!.turns;
  const drop = new Set((v.drop ?? "").split(" ").filter(Boolean));
  const meta = new Set(META.split(" "));
  const seen = new Set<string>();
  const terms: Term[] = [];
  // Labels written out in the query: its 1–3 word runs against the meeting's speaker labels.
  const grams = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let n = 1; n <= 3 && i + n <= words.length; n++) grams.add(words.slice(i, i + n).join(" "));
  const labels = v.label ? new Set(turns.map((t) => t.speaker.toLowerCase()).filter((l) => l && grams.has(l))) : new Set<string>();
  const labelWords = new Set([...labels].flatMap((l) => l.split(" ")));
  for (const w of words) {
    if (drop.has(w)) continue;
    if (v.labelDrop && labelWords.has(w)) continue;
    const lexemes = d.words[w] ?? [];
    if (!lexemes.length) continue;
    const key = lexemes.join("|");
    if (seen.has(key)) continue;
    seen.add(key);
    const stems = new Set((v.metaList === "stems2" ? META_STEMS2 : META_STEMS).split(" "));
    const isMeta = v.metaList?.startsWith("stems") ? lexemes.every((l) => stems.has(l)) : meta.has(w);
    if (isMeta && v.metaWeight === 0) continue;
    const base = idf(d.n, Math.min(d.n, Math.max(...lexemes.map((l) => d.df[l] ?? 0))));
    const w0 =
      (isMeta && v.metaWeight !== undefined ? base * v.metaWeight : base) * termWeight(v.termW, lexemes) * (about.has(w) ? v.aboutW! : 1);
    terms.push({ lexemes, idf: context.has(w) ? w0 * (v.ctxW ?? 1) : w0, meta: isMeta, word: w });
  }
  if (v.qwModel) {
    const fs = termFeatures(d, q, turns, terms);
    const { theta, mean: m0, gamma, lo, hi } = v.qwModel;
    for (const [k, term] of terms.entries()) {
      const pred = fs[k]!.reduce((s, x, j) => s + x * theta[j]!, 0);
      term.idf *= Math.min(hi, Math.max(lo, Math.exp(gamma * (pred - m0))));
    }
  }
  if (v.burst) {
    const { size, gamma, lo, hi } = v.burst;
    const block: number[] = [];
    let at = 0;
    for (const t of turns) {
      block.push(Math.floor(at / size));
      at += t.len;
    }
    const nb = Math.max(1, Math.ceil(at / size));
    for (const term of terms) {
      const seenIn = new Set<number>();
      let n = 0;
      for (const [i, t] of turns.entries())
        if (term.lexemes.some((l) => t.tf[l])) {
          n++;
          seenIn.add(block[i]!);
        }
      if (n < 2) continue;
      const expected = nb * (1 - (1 - 1 / nb) ** n);
      term.idf *= Math.min(hi, Math.max(lo, (expected / seenIn.size) ** gamma));
    }
  }
  // ctxPrior: the "when discussing …" clause's words say where in the meeting, not what was said: they leave the
  // turn's own score and its window and score a wide window instead (a prior for the part of the meeting).
  const ctxTerms: Term[] = [];
  if (v.ctxPrior && context.size && terms.some((t) => !context.has(t.word ?? ""))) {
    for (let k = terms.length - 1; k >= 0; k--) if (context.has(terms[k]!.word ?? "")) ctxTerms.unshift(...terms.splice(k, 1));
  }
  const avg = v.tokens ? d.avgTokens : d.avgLen;
  // Lexemes whose label occurrences (the speaker's label, 'simple' config, weight D) are not text matches.
  const spkLower = new Set((speakerWords ?? []).map((x) => x.toLowerCase()));
  const textOnly = (w: string) =>
    v.labelText === "all" || (!!v.labelText && labelWords.has(w)) || (v.labelText === "spk" && spkLower.has(w));
  const textOnlyLex = new Set<string>();
  for (const w of words) if (textOnly(w)) for (const l of d.words[w] ?? []) textOnlyLex.add(l);
  const labelCount = (t: Turn, l: string) =>
    t.speaker
      .toLowerCase()
      .split(/\s+/)
      .filter((x) => x === l).length;
  const rawOf = (t: Turn, term: Term, textOnlyToo: boolean) =>
    term.lexemes.reduce((s, l) => s + Math.max(0, (t.tf[l] ?? 0) - (textOnlyToo && textOnlyLex.has(l) ? labelCount(t, l) : 0)), 0);
  const tfOf = (t: Turn, term: Term) => Math.min(v.tfCap ?? Infinity, rawOf(t, term, true));
  const holds = turns.map((t) => terms.map((term) => tfOf(t, term) > 0));
  const bm25 = (tfs: number[], length: number) => {
    const norm = 1 - b + (b * length) / avg;
    let s = 0;
    for (const [k, term] of terms.entries()) {
      const f = tfs[k]!;
      if (!f) continue;
      s += v.tf ? (term.idf * f * (k1 + 1)) / (f + k1 * norm) : (term.idf * (k1 + 1)) / (1 + k1 * norm);
    }
    return s;
  };
  const spk = v.spk ?? 2;
  const boost = turns.map(() => 1);
  let scores = turns.map((t, i) => {
    const held = holds[i]!.filter(Boolean).length;
    if (!held) return 0;
    let s = bm25(
      terms.map((term) => tfOf(t, term)),
      v.tokens ? t.tokens : t.len,
    );
    if (terms.length > 1 && held === terms.length) s *= v.all ?? 1.5;
    if (v.near && terms.length > 1) {
      let close = 0;
      for (let k = 0; k + 1 < terms.length; k++) {
        const a = terms[k]!.lexemes.flatMap((l) => t.pos[l] ?? []);
        const z = terms[k + 1]!.lexemes.flatMap((l) => t.pos[l] ?? []);
        if (a.some((x) => z.some((y) => y !== x && Math.abs(y - x) <= v.near!))) close++;
      }
      s *= 1 + (v.nb ?? 0.5) * (close / (terms.length - 1));
    }
    if (v.cover) s *= (held / terms.length) ** v.cover;
    if (
      v.labelShort &&
      t.len < v.labelShort &&
      terms.every(
        (term) =>
          rawOf(t, term, false) -
            t.speaker
              .toLowerCase()
              .split(/\s+/)
              .filter((x) => term.lexemes.includes(x)).length <=
          0,
      )
    )
      return 0;
    if (speakerWords?.length && spk !== 1 && t.speaker.split(" ").some((x) => speakerWords.includes(x))) boost[i] = spk;
    else if (labels.size && labels.has(t.speaker.toLowerCase())) boost[i] = v.label!;
    return s * boost[i]!;
  });
  if (v.win?.length) {
    let tfs = turns.map((t) => terms.map((term) => tfOf(t, term)));
    let labelOnly: boolean[][] | undefined;
    if (v.labelWinOnce) {
      const lab = (t: Turn, term: Term) =>
        t.speaker
          .toLowerCase()
          .split(/\s+/)
          .filter((x) => term.lexemes.includes(x)).length;
      const text = turns.map((t) => terms.map((term) => Math.min(v.tfCap ?? Infinity, Math.max(0, rawOf(t, term, false) - lab(t, term)))));
      labelOnly = tfs.map((r, i) => r.map((f, k) => f > 0 && !text[i]![k]));
      tfs = text;
    }
    const parts = v.win.map((size, k) =>
      windowScores(v, q.meetingId, turns, terms, tfs, size, v.winKinds?.[k] ?? v.winBy ?? "sec", labelOnly),
    );
    const comp = turns.map((_, i) => parts.reduce((sum, p, k) => sum + (v.ww?.[k] ?? 1) * p[i]!, 0));
    const top = Math.max(1e-9, ...comp);
    scores = scores.map((s, i) => {
      if (!s) return 0;
      const own = s / boost[i]!;
      const c = comp[i]!;
      const combined = v.combine === "max" ? Math.max(own, c) : v.combine === "mul" ? own * (1 + c / top) : own + c;
      return combined * boost[i]!;
    });
  }
  if (ctxTerms.length) {
    const ctfs = turns.map((t) => ctxTerms.map((term) => Math.min(v.tfCap ?? Infinity, rawOf(t, term, true))));
    const prior = windowScores({ winBy: "words", wtf: "turns" }, q.meetingId, turns, ctxTerms, ctfs, v.ctxPrior!.size, "words");
    scores = scores.map((s, i) => (s ? s + v.ctxPrior!.w * prior[i]! * boost[i]! : 0));
  }
  if (v.wd) {
    const own = scores;
    scores = own.map((s, i) => {
      if (!s) return 0;
      let near = 0;
      for (const [k, t] of terms.entries())
        for (let j = Math.max(0, i - v.wd!); j <= Math.min(turns.length - 1, i + v.wd!); j++)
          if (holds[j]![k]) {
            near += t.idf;
            break;
          }
      return s + (v.wa ?? 0.3) * near;
    });
  }
  let seg: number[] | null = null;
  if (v.seg) {
    const key = `${q.meetingId}:${v.seg}:${v.segSize ?? 0}`;
    seg = segCache.get(key) ?? (v.segSize ? depthSegments(turns, v.seg, v.segSize) : segments(turns, v.seg));
    segCache.set(key, seg);
  }
  if (seg && v.sa) {
    const segTf = new Map<number, number[]>();
    const segLen = new Map<number, number>();
    for (const [i, t] of turns.entries()) {
      const acc = segTf.get(seg[i]!) ?? terms.map(() => 0);
      terms.forEach((term, k) => (acc[k]! += v.stf === "turns" ? (tfOf(t, term) > 0 ? 1 : 0) : tfOf(t, term)));
      segTf.set(seg[i]!, acc);
      segLen.set(seg[i]!, (segLen.get(seg[i]!) ?? 0) + (v.tokens ? t.tokens : t.len));
    }
    // The segment as one document: saturating tf, length normalised against the meeting's average segment.
    const lens = [...segLen.values()];
    const avgSeg = lens.reduce((x, y) => x + y, 0) / Math.max(1, lens.length);
    const segScore = new Map<number, number>();
    for (const [id, tfs] of segTf) {
      const norm = 1 - 0.75 + (0.75 * segLen.get(id)!) / avgSeg;
      segScore.set(
        id,
        terms.reduce((s, term, k) => s + (term.idf * tfs[k]! * (k1 + 1)) / (tfs[k]! + k1 * norm), 0),
      );
    }
    scores = scores.map((s, i) => (s ? s + v.sa! * segScore.get(seg![i]!)! : 0));
  }
  if (v.minLen) {
    if (v.snap) {
      const out = scores.map(() => 0);
      for (const [i, s] of scores.entries()) {
        if (!s) continue;
        if (turns[i]!.len >= v.minLen) {
          out[i] = Math.max(out[i]!, s);
          continue;
        }
        let best = -1;
        for (let j = Math.max(0, i - v.snap); j <= Math.min(turns.length - 1, i + v.snap); j++)
          if (turns[j]!.len >= v.minLen && (best < 0 || turns[j]!.len > turns[best]!.len)) best = j;
        if (best >= 0) out[best] = Math.max(out[best]!, s * 0.5);
      }
      scores = out;
    } else scores = scores.map((s, i) => (turns[i]!.len >= v.minLen! ? s : 0));
  }
  const order = scores
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s > 0)
    .sort((x, y) => y.s - x.s || x.i - y.i);
  const picked: number[] = [];
  const usedSeg = new Set<number>();
  const byScore = order.slice(0, 24).map((x) => ({ turn: turns[x.i]!, score: x.s }));
  const moments = v.gapSec ? apartInTime(order, (x) => ({ meetingId: q.meetingId, start: turns[x.i]!.start }), v.gapSec) : order;
  for (const x of moments) {
    if (picked.length >= 24) break;
    if (v.gap && picked.some((i) => Math.abs(turns[i]!.position - turns[x.i]!.position) <= v.gap!)) continue;
    if (v.segDiverse && seg && picked.length < 3) {
      if (usedSeg.has(seg[x.i]!)) continue;
      usedSeg.add(seg[x.i]!);
    }
    picked.push(x.i);
  }
  return { moments: picked.map((i) => ({ turn: turns[i]!, score: scores[i]! })), byScore, scores, terms, boost, tfOf };
}

/** The answer as bench:ask scores it: no citation markers, no times. */
const answerText = (answer: string) => answer.replace(/\s*\[\d+\]/g, "").replace(/ \(\d+(?::\d\d)+\):/g, ":");

const inSpan = (q: RealQuery, position: number) => q.cues.some(([a, z]) => position + 1 >= a && position + 1 <= z);

function evaluate(v: Variant, d: Dump, only?: string) {
  const qs = d.queries.filter((q) => !only || q.domain === only);
  const tally = { kw: [0, 0, 0], qn: [0, 0, 0], ask: 0, r1: 0 };
  for (const q of qs) {
    for (const mode of ["kw", "qn"] as const) {
      const words = mode === "kw" ? wordsOf(keywordsOf(q.query)) : wordsOf(questionWords(q.query.slice(0, 500)));
      const { moments: ranked, byScore } = rank(v, d, q, words, mode === "qn" ? speakerWordsOf(q.query) : null);
      const r = ranked.slice(0, 10).findIndex((x) => inSpan(q, x.turn.position));
      if (r === 0) tally[mode][0]!++;
      if (r >= 0 && r < 3) tally[mode][1]!++;
      if (r >= 0) tally[mode][2]!++;
      if (mode === "qn") {
        // Ask reads the passages by score (answerPassages); its own rules pick what it cites.
        const passages: PassageText[] = byScore.map((x) => ({
          meeting_id: q.meetingId,
          title: q.meetingId,
          kind: "turn",
          position: x.turn.position,
          speaker: x.turn.speaker,
          start_seconds: x.turn.start,
          body: x.turn.body,
          score: x.score,
          meeting_score: byScore[0]!.score,
        }));
        const a = builtInAnswer(q.query.slice(0, 500), passages, 3, v.askGap ?? 0);
        if (a.citations.slice(0, 3).some((c) => c.turnIndex !== null && inSpan(q, c.turnIndex))) tally.ask++;
        if (a.citations.length) tally.r1 += rouge(answerText(a.answer), q.answer).rouge1;
      }
    }
  }
  const p = (x: number) => `${((100 * x) / Math.max(1, qs.length)).toFixed(1)}`;
  return `kw ${p(tally.kw[0]!)}/${p(tally.kw[1]!)}/${p(tally.kw[2]!)} | qn ${p(tally.qn[0]!)}/${p(tally.qn[1]!)}/${p(tally.qn[2]!)} | ask@3 ${p(tally.ask)} R-1 ${(tally.r1 / Math.max(1, qs.length)).toFixed(1)}`;
}

/** Hit@3 per query of the question form (`--cv=qn`) or of ask's citations (`--cv=ask`), as evaluate() scores them. */
function questionHits(v: Variant, d: Dump, what: "qn" | "ask"): number[] {
  return perQuery(v, d, (v, q) => {
    const words = wordsOf(questionWords(q.query.slice(0, 500)));
    const { moments, byScore } = rank(v, d, q, words, speakerWordsOf(q.query));
    if (what === "qn") return moments.slice(0, 3).some((x) => inSpan(q, x.turn.position)) ? 1 : 0;
    if (!byScore.length) return 0;
    const passages: PassageText[] = byScore.map((x) => ({
      meeting_id: q.meetingId,
      title: q.meetingId,
      kind: "turn",
      position: x.turn.position,
      speaker: x.turn.speaker,
      start_seconds: x.turn.start,
      body: x.turn.body,
      score: x.score,
      meeting_score: byScore[0]!.score,
    }));
    const a = builtInAnswer(q.query.slice(0, 500), passages, 3, v.askGap ?? 0);
    return a.citations.slice(0, 3).some((c) => c.turnIndex !== null && inSpan(q, c.turnIndex)) ? 1 : 0;
  });
}

/** Keywords as bench:search types them: the rank (0-based, within the first 10) of the first relevant moment, or -1. */
function keywordRanks(v: Variant, d: Dump): number[] {
  return perQuery(v, d, (v, q) => {
    const { moments } = rank(v, d, q, wordsOf(keywordsOf(q.query)), null);
    return moments.slice(0, 10).findIndex((x) => inSpan(q, x.turn.position));
  });
}

/** The re-ranker's features of a candidate turn (one that holds a query word), scores relative to the query's best. */
const RERANK_FEATURES = [
  "turn",
  "binary",
  "win200",
  "win400",
  "win800",
  "coverTurn",
  "coverWin",
  "logLen",
  "label",
  "rank",
  "place",
  "app",
] as const;
const AS_BUILT: Variant = { tf: true, tfCap: 3, label: 2, gapSec: 30 };
/** The app since the fourth round: as built plus the best window of 400 lexemes holding the turn. */
const WINDOWED: Variant = { ...AS_BUILT, win: [400], winBy: "words", ww: [0.3], wtf: "turns" };

/** Each query's candidate turns: features, whether the turn is in a relevant span, and its start (for moments apart). */
function rerankData(d: Dump) {
  return d.queries.map((q) => {
    const words = wordsOf(keywordsOf(q.query));
    const turns = d.meetings[q.meetingId]!.turns;
    const built = rank(AS_BUILT, d, q, words, null);
    const app = rank(WINDOWED, d, q, words, null).scores;
    const bin = rank({ label: 2 }, d, q, words, null).scores;
    const tfs = turns.map((t) => built.terms.map((term) => built.tfOf(t, term)));
    const win = [200, 400, 800].map((size) => windowScores({ winBy: "words", wtf: "turns" }, q.meetingId, turns, built.terms, tfs, size));
    const holdsW = windowScores(
      { winBy: "words", wtf: "turns", wb: 0 },
      q.meetingId,
      turns,
      built.terms.map((t) => ({ ...t, idf: 1 })),
      tfs.map((r) => r.map((f) => (f ? 1 : 0))),
      400,
    );
    const cand = built.scores.map((s, i) => ({ s, i })).filter((x) => x.s > 0);
    const order = [...cand].sort((a, b) => b.s - a.s || a.i - b.i);
    const rankOf = new Map(order.map((x, r) => [x.i, r]));
    const top = (xs: number[]) => Math.max(1e-9, ...cand.map((x) => xs[x.i]!));
    const [t0, b0, w2, w4, w8, a0] = [built.scores, bin, ...win, app].map(top);
    const nTerms = Math.max(1, built.terms.length);
    return {
      q,
      rows: cand.map(({ i }) => ({
        i,
        start: turns[i]!.start,
        rel: inSpan(q, turns[i]!.position) ? 1 : 0,
        x: [
          built.scores[i]! / t0!,
          bin[i]! / b0!,
          win[0]![i]! / w2!,
          win[1]![i]! / w4!,
          win[2]![i]! / w8!,
          tfs[i]!.filter((f) => f > 0).length / nTerms,
          Math.min(1, holdsW[i]! / (1.2 * 2.2)),
          Math.log(1 + turns[i]!.len) / 5,
          built.boost[i]! > 1 ? 1 : 0,
          1 / (1 + rankOf.get(i)!),
          i / Math.max(1, turns.length),
          app[i]! / a0!,
        ],
      })),
    };
  });
}

/** Pointwise logistic regression (L2 `lambda`, full-batch gradient descent from zero: deterministic). */
function fitLogistic(rows: { x: number[]; rel: number }[], lambda: number, iters = 300, rate = 0.5) {
  const m = rows[0]?.x.length ?? 0;
  const wts = new Array<number>(m).fill(0);
  let bias = 0;
  for (let it = 0; it < iters; it++) {
    const g = new Array<number>(m).fill(0);
    let gb = 0;
    for (const r of rows) {
      const z = bias + r.x.reduce((s, x, k) => s + x * wts[k]!, 0);
      const e = 1 / (1 + Math.exp(-z)) - r.rel;
      for (let k = 0; k < m; k++) g[k]! += e * r.x[k]!;
      gb += e;
    }
    for (let k = 0; k < m; k++) wts[k]! -= rate * (g[k]! / rows.length + lambda * wts[k]!);
    bias -= (rate * gb) / rows.length;
  }
  return { wts, bias };
}

/** Pairwise logistic regression (RankNet-like): each relevant candidate against each other one of its query (L2 `lambda`). */
function fitPairwise(queries: { x: number[]; rel: number }[][], lambda: number, iters = 200, rate = 0.5) {
  const pairs: number[][] = [];
  for (const rows of queries) {
    const rel = rows.filter((r) => r.rel);
    const non = rows.filter((r) => !r.rel);
    // At most 40 pairs a query, spread evenly: long meetings must not outweigh short ones.
    const all = rel.flatMap((a) => non.map((b) => a.x.map((x, k) => x - b.x[k]!)));
    const step = Math.max(1, all.length / 40);
    for (let k = 0; k < all.length; k += step) pairs.push(all[Math.floor(k)]!);
  }
  const m = pairs[0]?.length ?? 0;
  const wts = new Array<number>(m).fill(0);
  for (let it = 0; it < iters; it++) {
    const g = new Array<number>(m).fill(0);
    for (const x of pairs) {
      const z = x.reduce((s, v, k) => s + v * wts[k]!, 0);
      const e = 1 / (1 + Math.exp(-z)) - 1;
      for (let k = 0; k < m; k++) g[k]! += e * x[k]!;
    }
    for (let k = 0; k < m; k++) wts[k]! -= rate * (g[k]! / Math.max(1, pairs.length) + lambda * wts[k]!);
  }
  return { wts, bias: 0 };
}

/** `--rerank`: the learned re-ranker's keyword hit@3 under the same meeting-grouped folds (trained on four, scored on the fifth). */
function crossValidateRerank(d: Dump, lambdas: number[], subsets: Record<string, number[]>, pairwise = false) {
  const data = rerankData(d);
  const fold = foldsOf(d);
  const variants: Variant[] = [AS_BUILT, WINDOWED];
  const results: number[][] = variants.map((v) => keywordRanks(v, d).map((r) => (r >= 0 && r < 3 ? 1 : 0)));
  const names = ["as built", "windows (the app)"];
  for (const [name, cols] of Object.entries(subsets))
    for (const lambda of lambdas) {
      const hits = new Array<number>(data.length).fill(0);
      for (let f = 0; f < FOLDS; f++) {
        const trainQ = data
          .filter((x) => fold.get(x.q.meetingId) !== f)
          .map((x) => x.rows.map((r) => ({ x: cols.map((c) => r.x[c]!), rel: r.rel })));
        const model = pairwise ? fitPairwise(trainQ, lambda) : fitLogistic(trainQ.flat(), lambda);
        if (lambda === lambdas[0] && f === 0)
          console.log(`  ${name} fold 0 weights: ${cols.map((c, k) => `${RERANK_FEATURES[c]} ${model.wts[k]!.toFixed(2)}`).join(", ")}`);
        for (const [qi, x] of data.entries()) {
          if (fold.get(x.q.meetingId) !== f) continue;
          const scored = x.rows
            .map((r) => ({ ...r, s: model.bias + cols.reduce((s, c, k) => s + r.x[c]! * model.wts[k]!, 0) }))
            .sort((a, b) => b.s - a.s || a.i - b.i);
          const moments = apartInTime(scored, (r) => ({ meetingId: x.q.meetingId, start: r.start }), 30);
          hits[qi] = moments.slice(0, 3).some((r) => r.rel) ? 1 : 0;
        }
      }
      results.push(hits);
      names.push(`${name} λ ${lambda}`);
      variants.push({});
    }
  crossValidate(variants, d, (v) => results[variants.indexOf(v)]!, names);
}

const DOMAIN_GROUPS: Record<string, string[]> = { ami: ["ami"], icsi: ["icsi"], committees: ["senedd", "commons"] };
const FOLDS = 5;

/** Meetings into FOLDS folds, each domain spread over them (a fixed shuffle: the same folds every run). */
function foldsOf(d: Dump): Map<string, number> {
  let seed = 20261128;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const fold = new Map<string, number>();
  for (const dom of ["ami", "icsi", "senedd", "commons"]) {
    const ids = Object.keys(d.meetings)
      .filter((id) => d.meetings[id]!.domain === dom)
      .sort();
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    ids.forEach((id, i) => fold.set(id, i % FOLDS));
  }
  return fold;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));

/**
 * Meeting-grouped cross-validation of keyword hit@3 (`--cv`): each variant's hit@3 on each fold's meetings (mean ±
 * spread over the folds, overall and per domain), its paired difference from the first variant (± its standard
 * error over queries), and, when several variants are given, the variant the other four folds pick, scored on the fifth.
 */
function crossValidate(
  variants: Variant[],
  d: Dump,
  hits: (v: Variant, d: Dump) => number[] = (v, dd) => keywordRanks(v, dd).map((r) => (r >= 0 && r < 3 ? 1 : 0)),
  names?: string[],
) {
  const fold = foldsOf(d);
  const qFold = d.queries.map((q) => fold.get(q.meetingId)!);
  const groups = Object.entries(DOMAIN_GROUPS);
  const inGroup = (i: number, g: string[] | null) => !g || g.includes(d.queries[i]!.domain);
  const perFold = (h: number[], g: string[] | null) =>
    Array.from({ length: FOLDS }, (_, f) => mean(h.filter((_, i) => qFold[i] === f && inGroup(i, g))));
  const cell = (h: number[], g: string[] | null) => {
    const folds = perFold(h, g);
    return `${(100 * mean(h.filter((_, i) => inGroup(i, g)))).toFixed(1)} ±${(100 * sd(folds)).toFixed(1)}`;
  };
  const all = variants.map((v) => hits(v, d));
  const base = all[0]!;
  // Each variant by what it changes from the first.
  const label = (v: Variant) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(v).filter(([k, x]) => JSON.stringify(x) !== JSON.stringify((variants[0] as Record<string, unknown>)[k])),
      ),
    );
  console.log(`${"variant".padEnd(60)} ${["all", ...groups.map(([n]) => n)].map((x) => x.padEnd(12)).join(" ")} diff (± se)`);
  for (const [k, h] of all.entries()) {
    const diff = h.map((x, i) => x - base[i]!);
    const se = sd(diff) / Math.sqrt(diff.length);
    const dg = groups.map(([, g]) => (100 * mean(diff.filter((_, i) => inGroup(i, g)))).toFixed(1)).join("/");
    console.log(
      `${(names?.[k] ?? (k ? label(variants[k]!) : "as built")).slice(0, 60).padEnd(60)} ${[cell(h, null), ...groups.map(([, g]) => cell(h, g))].map((x) => x.padEnd(12)).join(" ")} ${(100 * mean(diff)).toFixed(1)} ±${(100 * se).toFixed(1)} (${dg})`,
    );
  }
  if (variants.length < 2 || names) return;
  // Nested: each fold is scored with the variant that did best on the other folds.
  const chosen = new Array<number>(d.queries.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const train = all.map((h) => mean(h.filter((_, i) => qFold[i] !== f)));
    const best = train.indexOf(Math.max(...train));
    console.log(`  fold ${f}: picks ${best ? label(variants[best]!) : "as built"}`);
    for (let i = 0; i < chosen.length; i++) if (qFold[i] === f) chosen[i] = all[best]![i]!;
  }
  console.log(
    `${"picked on the other folds".padEnd(60)} ${[cell(chosen, null), ...groups.map(([, g]) => cell(chosen, g))].map((x) => x.padEnd(12)).join(" ")}`,
  );
}

/**
 * `--http`: the app itself on the same split, for checking the replica: keywords through GET
 * /api/search and the question through POST /api/ask, each within the query's meeting (hit@3).
 */
async function httpCheck(split: Split) {
  await ensureAppBuilt();
  const dataDir = await makeTempDir("minutes-search-tune-");
  const server = await startServer({ dataDir, env: { SEARCH_RATE_LIMIT_BURST: "100000", SEARCH_RATE_LIMIT_PER_MINUTE: "100000" } });
  try {
    const client = new Client(server.url);
    const { user } = await client.signUp(`search-tune-${Date.now()}@example.com`);
    const { meetings, corpusOf } = await storeMeetings(server.databaseUrl(), user.id, split);
    const appIdOf = new Map([...corpusOf].map(([app, corpus]) => [corpus, app]));
    let kw = 0;
    let ask = 0;
    const queries = loadQueries(meetings);
    for (const q of queries) {
      const meetingId = appIdOf.get(q.meetingId)!;
      const r = await client.request("GET", `/api/search?q=${encodeURIComponent(keywordsOf(q.query))}&meetingId=${meetingId}`);
      const moments = (r.json.results as { moments: { turnIndex: number | null }[] }[]).flatMap((x) => x.moments).slice(0, 3);
      if (moments.some((m) => m.turnIndex !== null && inSpan(q, m.turnIndex))) kw++;
      const a = await client.request("POST", "/api/ask", { question: q.query.slice(0, 500), meetingId });
      const cited = (a.json.citations as { turnIndex: number | null }[]).slice(0, 3);
      if (cited.some((c) => c.turnIndex !== null && inSpan(q, c.turnIndex))) ask++;
    }
    const p = (x: number) => `${((100 * x) / Math.max(1, queries.length)).toFixed(1)} %`;
    console.log(
      `${split}, the app within the query's meeting: GET /api/search keywords hit@3 ${p(kw)}, POST /api/ask citation hit@3 ${p(ask)}`,
    );
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

async function main() {
  if (!realMeetingsAvailable()) throw new Error("../shared/corpus/real-meetings is not there");
  exitCleanlyOnSignals();
  const split = process.argv.some((a) => a.startsWith("--split=")) ? splitFromArgs() : "train";
  const file = process.argv.find((a) => a.startsWith("--cache="))?.slice(8) ?? `/tmp/search-tune-${split}-v3.json`;
  const variantFile = process.argv.find((a) => a.startsWith("--variants="))?.slice(11);
  const variants = JSON.parse(
    variantFile ? readFileSync(variantFile, "utf8") : (process.argv.slice(2).find((a) => a.startsWith("[")) ?? "[{}]"),
  ) as Variant[];
  const byDomain = process.argv.includes("--domains");
  if (process.argv.includes("--http")) return httpCheck(split);
  const d = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Dump) : await dump(split, file);
  // `--cue-spans`: the spans as dumped before the sixth round (raw cue numbers), for comparing with earlier figures.
  if (!process.argv.includes("--cue-spans")) d.queries = queriesOf(d);
  // `--learn-from=FILE`: a learned table (`qw`) from every query of another dump (train's, for a look at val).
  const learnFrom = process.argv.find((a) => a.startsWith("--learn-from="))?.slice(13);
  if (learnFrom) {
    const t = JSON.parse(readFileSync(learnFrom, "utf8")) as Dump;
    if (!process.argv.includes("--cue-spans")) t.queries = queriesOf(t);
    for (const v of variants)
      if (v.qw && !v.termW)
        v.termW = learnTermWeights(
          t,
          t.queries.map((_, i) => i),
          v.qw,
        );
    for (const v of variants)
      if (v.qwReg && !v.qwModel)
        v.qwModel = fitTermModel(
          v,
          t,
          t.queries.map((_, i) => i),
        );
  }
  const show = process.argv.find((a) => a.startsWith("--show-weights="))?.slice(15);
  if (show) {
    const table = learnTermWeights(
      d,
      d.queries.map((_, i) => i),
      JSON.parse(show) as QwOptions,
    );
    const sorted = Object.entries(table).sort((a, b) => a[1] - b[1]);
    console.log(`${sorted.length} lexemes`);
    for (const [l, w] of sorted) console.log(`${l} ${w.toFixed(2)}`);
    return;
  }
  const misses = process.argv.find((a) => a.startsWith("--misses="))?.slice(9);
  if (misses) {
    // A look at the misses of the first variant in one domain: the query, its span, the first three moments.
    for (const q of d.queries.filter((x) => x.domain === misses).slice(0, 400)) {
      const words = wordsOf(keywordsOf(q.query));
      const r = rank(variants[0]!, d, q, words, null);
      const at = r.moments.findIndex((x) => inSpan(q, x.turn.position));
      if (at >= 0 && at < 3) continue;
      const turns = d.meetings[q.meetingId]!.turns;
      console.log(`\n${q.query}  [${keywordsOf(q.query)}] spans ${JSON.stringify(q.cues)} of ${turns.length}; first relevant moment ${at}`);
      for (const m of r.moments.slice(0, 3))
        console.log(`  ${m.turn.position + 1} ${m.score.toFixed(1)} ${m.turn.speaker}: ${m.turn.body.slice(0, 110)}`);
    }
    return;
  }
  const cv = process.argv.find((a) => a === "--cv" || a.startsWith("--cv="));
  if (cv === "--cv=qn" || cv === "--cv=ask") {
    const what = cv.slice(5) as "qn" | "ask";
    return crossValidate(variants, d, (v, dd) => questionHits(v, dd, what));
  }
  if (cv) return crossValidate(variants, d);
  if (process.argv.includes("--rerank-pairs"))
    return crossValidateRerank(
      d,
      [0.01, 0.1],
      {
        "app+wins+cover+len+label+rank+place": [11, 2, 4, 5, 6, 7, 8, 9, 10],
        "app+wins+cover": [11, 2, 4, 5, 6],
        "turn+wins": [0, 2, 3, 4],
        all: RERANK_FEATURES.map((_, k) => k),
      },
      true,
    );
  if (process.argv.includes("--rerank"))
    return crossValidateRerank(d, [0.001, 0.01, 0.1], {
      all: RERANK_FEATURES.map((_, k) => k),
      "turn+win400": [0, 3],
      "turn+wins": [0, 2, 3, 4],
      "turn+wins+cover": [0, 2, 3, 4, 5, 6],
      "no rank/place": [0, 1, 2, 3, 4, 5, 6, 7, 8],
    });
  console.log(
    `${split}: ${Object.keys(d.meetings).length} meetings, ${d.queries.length} queries; within the query's meeting: keywords and question hit@1/3/10, ask citation hit@3`,
  );
  for (const v of variants) {
    console.log(`${JSON.stringify({ ...v, termW: v.termW ? "(learned)" : undefined }).padEnd(40)} ${evaluate(v, d)}`);
    if (byDomain) for (const dom of ["ami", "icsi", "senedd", "commons"]) console.log(`  ${dom.padEnd(38)} ${evaluate(v, d, dom)}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
