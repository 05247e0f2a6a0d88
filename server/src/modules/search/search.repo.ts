// All SQL of search. Passages live in search_passages (kept by triggers, migration 0001);
// each meeting's passages are indexed with its language's text search configuration. The
// query is turned into lexemes once per configuration in use, as constants, so that the GIN
// index answers each `config = c AND tsv @@ <constant>` (a join on the configuration made the
// planner scan every passage). Ranking is BM25: binary term frequency for ranking meetings, and
// occurrences capped at RANKING.tfCap (from the tsvector's positions) for ordering a meeting's
// moments; idf from search_vocabulary, average length from search_stats (migration 0016).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tsLexeme } from "./search-query";

export type PassageKind = "title" | "summary" | "decision" | "action_item" | "turn";

/** One moment of a meeting on the page (a meeting has up to `moments` rows, best first). */
export interface PassageHit {
  meeting_id: string;
  title: string;
  recorded_at: Date;
  owner_name: string;
  kind: PassageKind;
  position: number;
  speaker: string | null;
  start_seconds: number | null;
  headline: string;
  /** The passage's first and last PASSAGE_END_CHARS characters: was the headline cut there? */
  body_head: string;
  body_tail: string;
  match_count: number;
  meeting_score: number;
  score: number;
}

/** A passage for answering a question: its text, not a headline. */
export interface PassageText {
  meeting_id: string;
  title: string;
  kind: PassageKind;
  position: number;
  speaker: string | null;
  start_seconds: number | null;
  body: string;
  score: number;
  meeting_score: number;
}

/**
 * Marks around matched words in ts_headline's answer. Control characters: stored text may
 * hold them too (an imported `&#1;` decodes to one), so they are taken out of the passage
 * before it is highlighted (`unmarked`), and every mark in the answer is one we put there.
 */
export const MATCH_START = "\u0001";
export const MATCH_STOP = "\u0002";
// A short passage is shown whole; a long one as up to two fragments around the matches.
const SHORT_PASSAGE_CHARS = 240;
const WHOLE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** How much of a passage's start and end comes with a hit, to tell whether its headline was cut. */
export const PASSAGE_END_CHARS = 120;

/** Anything that runs SQL: the pool or a transaction. */
export type Queryable = Pick<Db, "execute">;

/** The passage without the characters used as marks, so that no stored text can fake a highlight. */
const unmarked = (body: SQL) => sql`translate(${body}, ${MATCH_START + MATCH_STOP}, '')`;

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = "57014";

export function isStatementTimeout(e: unknown): boolean {
  for (let c: unknown = e; c && typeof c === "object"; c = (c as { cause?: unknown }).cause)
    if ((c as { code?: unknown }).code === QUERY_CANCELED) return true;
  return false;
}

/**
 * Runs `work` in a transaction whose statements PostgreSQL cancels after `timeoutMs`
 * (SET LOCAL: the setting ends with the transaction, the pooled connection keeps none of it).
 */
export async function withStatementTimeout<T>(db: Db, timeoutMs: number, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('statement_timeout', ${String(Math.max(1, Math.floor(timeoutMs)))}, true)`);
    return work(tx);
  });
}

/** The text search configurations any passage uses (a loose scan of search_passages_config_idx: one probe each). */
export async function configsInUse(db: Queryable): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE c AS (
      (SELECT config FROM search_passages ORDER BY config LIMIT 1)
      UNION ALL
      SELECT (SELECT p.config FROM search_passages p WHERE p.config > c.config ORDER BY p.config LIMIT 1) FROM c WHERE c.config IS NOT NULL
    )
    SELECT config::text AS config FROM c WHERE config IS NOT NULL`);
  return (result.rows as { config: string }[]).map((r) => r.config);
}

/** The user's filters over passages `p` of meetings `m` (search and the vector side alike). */
export function filterConditions(f: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.meetingId) conditions.push(sql`p.meeting_id = ${f.meetingId}::uuid`);
  if (f.speaker) conditions.push(sql`p.speaker ILIKE ${f.speaker.replace(/[\\%_]/g, "\\$&")}`);
  if (f.kinds?.length)
    conditions.push(
      sql`p.kind IN (${sql.join(
        f.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  if (f.from) conditions.push(sql`m.recorded_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`m.recorded_at < ${f.to.toISOString()}::timestamptz`);
  if (f.teamId) conditions.push(sql`EXISTS (SELECT 1 FROM meeting_shares ts WHERE ts.meeting_id = m.id AND ts.team_id = ${f.teamId})`);
  return conditions;
}

/** Meetings the user may read: their own, or shared with a team they belong to (guests too). */
export function readableBy(userId: string, m: SQL = sql`m`): SQL {
  return sql`(${m}.user_id = ${userId} OR EXISTS (
    SELECT 1 FROM meeting_shares s JOIN member mb ON mb.organization_id = s.team_id
    WHERE s.meeting_id = ${m}.id AND mb.user_id = ${userId}))`;
}

/** A subquery: ids of meetings with a passage holding every word of `query` (the dashboard's filter; access is the caller's to add). */
export function meetingsMatching(configs: string[], query: string): SQL {
  if (!configs.length) return sql`(SELECT NULL::uuid WHERE false)`;
  return sql`(SELECT p.meeting_id FROM search_passages p WHERE ${sql.join(
    configs.map((c) => sql`(p.config = ${c}::regconfig AND p.tsv @@ websearch_to_tsquery(${c}::regconfig, ${query}))`),
    sql` OR `,
  )})`;
}

/** One query word as the passages of one configuration know it. */
export interface TermLexemes {
  word: string;
  /** The word's lexemes in this configuration, the prefix match and close spellings: a tsquery. */
  tsquery: string;
  /** The same lexemes, for counting them in a passage (prefix: also every lexeme starting with it). */
  lexemes: { lexeme: string; prefix: boolean }[];
  /** Passages holding it (the rarest alternative's count summed; for idf). */
  passages: number;
}

export interface ConfigStats {
  passages: number;
  avgLength: number;
  trigram: boolean;
}

let trigramAvailable: boolean | undefined;

/** N and the average passage length of one configuration, and whether typo matching is available. */
export async function configStats(db: Queryable, config: string): Promise<ConfigStats> {
  if (trigramAvailable === undefined) {
    const ext = await db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    trigramAvailable = ext.rows.length > 0;
  }
  const r = await db.execute(sql`SELECT passages::float8 AS n, lexemes::float8 AS l FROM search_stats WHERE config = ${config}::regconfig`);
  const row = r.rows[0] as { n: number; l: number } | undefined;
  const n = Math.max(1, Number(row?.n ?? 0));
  return { passages: n, avgLength: Math.max(1, Number(row?.l ?? 0) / n), trigram: trigramAvailable };
}

/**
 * The lexemes of each word in `config` with how many passages hold them. `prefixWord` also
 * matches as a prefix. A word no passage holds gets the vocabulary's closest spellings (pg_trgm
 * similarity ≥ `similarity`), so a typo in a rare word still finds it.
 */
export async function lexemesOf(
  db: Queryable,
  config: string,
  words: string[],
  prefixWord: string | null,
  typos: { enabled: boolean; similarity: number },
): Promise<TermLexemes[]> {
  if (!words.length) return [];
  const r = await db.execute(sql`
    SELECT w.word, l.lexeme, coalesce(v.passages, 0)::int AS passages
    FROM unnest(ARRAY[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) WITH ORDINALITY AS w(word, i)
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(${config}::regconfig, w.word))) AS l(lexeme)
    LEFT JOIN search_vocabulary v ON v.config = ${config}::regconfig AND v.lexeme = l.lexeme
    ORDER BY w.i`);
  const byWord = new Map<string, { lexemes: Map<string, boolean>; passages: number }>();
  for (const row of r.rows as { word: string; lexeme: string; passages: number }[]) {
    const t = byWord.get(row.word) ?? { lexemes: new Map(), passages: 0 };
    t.lexemes.set(row.lexeme, false);
    t.passages = Math.max(t.passages, Number(row.passages));
    byWord.set(row.word, t);
  }
  const prefix = prefixWord ? byWord.get(prefixWord) : undefined;
  if (prefix && prefixWord) {
    for (const lexeme of [...prefix.lexemes.keys()]) {
      if (lexeme.length < 2) continue;
      prefix.lexemes.set(lexeme, true);
      // LIKE says the same as ^@ (escaped) and lets the trigram index answer; ^@ alone scanned the
      // whole vocabulary on every search (13 ms of each at 10,000 meetings). A bitmap scan returns
      // rows in the table's order, as the scan did, so the LIMIT keeps the same rows.
      const p = await db.execute(sql`
        SELECT coalesce(sum(passages), 0)::int AS n FROM (
          SELECT passages FROM search_vocabulary WHERE config = ${config}::regconfig AND lexeme ^@ ${lexeme}
            AND lexeme LIKE ${`${lexeme.replace(/[\\%_]/g, "\\$&")}%`} AND passages > 0 LIMIT 200) x`);
      prefix.passages = Math.max(prefix.passages, Number((p.rows[0] as { n: number }).n));
    }
  }
  if (typos.enabled)
    for (const [word, t] of byWord) {
      if (t.passages > 0 || word.length < 4) continue;
      for (const lexeme of [...t.lexemes.keys()]) {
        const close = await db.execute(sql`
          SELECT lexeme, passages FROM search_vocabulary
          WHERE config = ${config}::regconfig AND lexeme % ${lexeme} AND passages > 0 AND similarity(lexeme, ${lexeme}) >= ${typos.similarity}
          ORDER BY similarity(lexeme, ${lexeme}) DESC, passages DESC LIMIT 2`);
        for (const c of close.rows as { lexeme: string; passages: number }[]) {
          t.lexemes.set(c.lexeme, false);
          t.passages = Math.max(t.passages, Number(c.passages));
        }
      }
    }
  return [...byWord.entries()]
    .filter(([, t]) => t.lexemes.size > 0)
    .map(([word, t]) => ({
      word,
      passages: t.passages,
      tsquery: [...t.lexemes.entries()].map(([l, p]) => tsLexeme(l, p)).join(" | "),
      lexemes: [...t.lexemes.entries()].map(([lexeme, prefix]) => ({ lexeme, prefix })),
    }));
}

/** How passages are ranked; tuned on the train split (bench/search.bench.ts). */
export interface RankingWeights {
  k1: number;
  b: number;
  /** Multipliers for a passage holding every word, and the words as a phrase. */
  allWords: number;
  phrase: number;
  /** Per kind: a title or a note line against a turn. */
  kind: Record<PassageKind, number>;
  /** A meeting's score: its best passage, plus these shares of its second and third. */
  second: number;
  third: number;
  /** Terms whose passages together pass this count do not add candidates (they still score). */
  candidateCap: number;
  /** A turn by a speaker the query names (SearchFilters.speakerWords; speakerLabels order moments only). */
  speakerBoost: number;
  /**
   * A meeting's moments (and ask's passages) are ordered with term frequency counting up to this
   * many occurrences of a word (BM25's saturation over them); 1 is binary (the word is there or
   * not), which is what ranks the meetings.
   */
  tfCap: number;
  /**
   * Passages of consecutive turns (fourth round): each window of a meeting's turns, from a turn on
   * until `lexemes` lexemes, is scored as one BM25 document (tf: how many of its turns hold the
   * word; k1 `k1`, b `b` against the meeting's average window), and a turn's moment score gains
   * `weight` × the best window holding it. 0 weight: turns alone.
   */
  window: { lexemes: number; weight: number; k1: number; b: number };
}

/** Textbook BM25 over single passages (no bonuses, no meeting score): the benchmarks' baseline. */
export const PLAIN_BM25: RankingWeights = {
  k1: 1.2,
  b: 0.75,
  allWords: 1,
  phrase: 1,
  kind: { title: 1, summary: 1, decision: 1, action_item: 1, turn: 1 },
  second: 0,
  third: 0,
  candidateCap: Number.MAX_SAFE_INTEGER,
  speakerBoost: 1,
  // Binary, as the baseline was first measured (decision 021), so its figures stay comparable.
  tfCap: 1,
  window: { lexemes: 400, weight: 0, k1: 1.2, b: 0.75 },
};

// b = 0.3 (less length normalisation than the textbook 0.75): on the train split a long turn
// that covers the topic is more often the relevant moment than a short one that names it
// (keywords, hit@3 across meetings 20.5 → 25.2 %, within the query's meeting 53.6 → 55.3 %).
// speakerBoost 2: questions naming a speaker, hit@3 within the meeting 55.3 → 56.8 % (train).
// tfCap 3 (third round): a turn that says the topic's words again and again is about it (train,
// keywords within the meeting 55.1 → 56.5 %, every domain but AMI up; 3 as good as no cap).
export const RANKING: RankingWeights = {
  k1: 1.2,
  b: 0.3,
  allWords: 1.5,
  phrase: 1.5,
  kind: { title: 1.2, summary: 1.1, decision: 1.1, action_item: 1.1, turn: 1 },
  second: 0.5,
  third: 0.25,
  candidateCap: 6000,
  speakerBoost: 2,
  tfCap: 3,
  // Fourth round: a turn inside a discussion of the query's words is the moment, not a short turn
  // that names them in passing (AMI's turns are a few words; a relevant span is a discussion).
  // Train, meeting-grouped 5-fold CV, keywords hit@3 in the query's meeting 59.6 → 62.7 %.
  window: { lexemes: 400, weight: 0.3, k1: 1.2, b: 0.75 },
};

export interface ConfigQuery {
  config: string;
  stats: ConfigStats;
  terms: TermLexemes[];
  /** The typed text, for phrases (phraseto_tsquery) and exclusions (plainto_tsquery). */
  phrases: string[];
  excluded: string[];
  /** The whole query as one phrase (a bonus), when it has two words or more. */
  wholePhrase: string | null;
}

export interface SearchFilters {
  meetingId?: string;
  speaker?: string;
  teamId?: string;
  from?: Date;
  to?: Date;
  kinds?: PassageKind[];
  /**
   * Not a filter, a preference: turns by a speaker whose label has one of these words (as
   * written: "Maria" for "Maria Lopez", "C" for "PhD C") weigh `speakerBoost` times more.
   * Ask uses it for "what did Maria think of …".
   */
  speakerWords?: string[];
  /**
   * Also a preference, among a meeting's moments only (the meetings' order does not change): turns
   * whose whole speaker label (any case) is one of these ("project manager", "maria lopez"): runs
   * of the query's words, so "project manager budget" shows the Project Manager's turns first.
   */
  speakerLabels?: string[];
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Candidates: passages with any word (null), only those with every word, or any word in these meetings. */
type Only = null | "all" | string[];

/** The words that pick the candidate passages: the rarest, until their passages pass `candidateCap`. */
function generatorsOf(q: ConfigQuery, w: RankingWeights): TermLexemes[] {
  // Rarest first: they pick the candidates; frequent words only add to the score.
  const sorted = [...q.terms].sort((a, b) => a.passages - b.passages);
  const generators: TermLexemes[] = [];
  let total = 0;
  for (const t of sorted) {
    // A word no passage holds finds nothing: it must not stand in for the words that do.
    if (t.passages === 0) continue;
    if (generators.length && total + t.passages > w.candidateCap) break;
    generators.push(t);
    total += t.passages;
  }
  return generators;
}

/** The scored passages of one configuration (a SELECT for the UNION of all configurations). */
function scoredPassages(q: ConfigQuery, userId: string, f: SearchFilters, w: RankingWeights, only: Only = null): SQL | null {
  if (!q.terms.length) return null;
  if (only === "all" && q.terms.some((t) => t.passages === 0)) return null;
  const n = q.stats.passages;
  const generators = generatorsOf(q, w);
  if (!generators.length) return null;
  const any = generators.map((t) => `(${t.tsquery})`).join(" | ");
  const matched = q.terms.map((t) => sql`(p.tsv @@ ${t.tsquery}::tsquery)::int`);
  const idfSum = sql.join(
    q.terms.map((t) => sql`CASE WHEN p.tsv @@ ${t.tsquery}::tsquery THEN ${idf(n, Math.min(n, t.passages))}::float8 ELSE 0 END`),
    sql` + `,
  );
  const cfg = sql`${q.config}::regconfig`;
  const candidates = only === "all" ? q.terms.map((t) => `(${t.tsquery})`).join(" & ") : any;
  const conditions: SQL[] = [sql`p.config = ${cfg}`, sql`p.tsv @@ ${candidates}::tsquery`, readableBy(userId)];
  if (Array.isArray(only)) conditions.push(sql`p.meeting_id = ANY(${`{${only.join(",")}}`}::uuid[])`);
  for (const phrase of q.phrases) conditions.push(sql`p.tsv @@ phraseto_tsquery(${cfg}, ${phrase})`);
  if (q.excluded.length) conditions.push(sql`NOT (p.tsv @@ plainto_tsquery(${cfg}, ${q.excluded.join(" ")}))`);
  conditions.push(...filterConditions(f));
  const whole = q.wholePhrase
    ? sql`CASE WHEN p.tsv @@ phraseto_tsquery(${cfg}, ${q.wholePhrase}) THEN ${w.phrase}::float8 ELSE 1 END`
    : sql`1`;
  const all =
    q.terms.length > 1 ? sql`CASE WHEN ${sql.join(matched, sql` + `)} = ${q.terms.length} THEN ${w.allWords}::float8 ELSE 1 END` : sql`1`;
  const kindWeight = sql`CASE p.kind ${sql.join(
    (Object.keys(w.kind) as PassageKind[]).map((k) => sql`WHEN ${k} THEN ${w.kind[k]}::float8`),
    sql` `,
  )} ELSE 1 END`;
  const speakerWords = f.speakerWords?.filter(Boolean) ?? [];
  const speakerLabels = f.speakerLabels?.filter(Boolean) ?? [];
  const namedWord = speakerWords.length
    ? sql`(p.speaker IS NOT NULL AND string_to_array(p.speaker, ' ') && ARRAY[${sql.join(
        speakerWords.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[])`
    : null;
  const byNamed = namedWord && w.speakerBoost !== 1 ? sql`CASE WHEN ${namedWord} THEN ${w.speakerBoost}::float8 ELSE 1 END` : sql`1`;
  // A label named in full orders a meeting's moments (`label`), not the meetings: nearly every
  // query's words could be a label, and a meeting-level weight would loosen meetingsWithEveryWord's bound.
  const byLabel =
    speakerLabels.length && w.speakerBoost !== 1
      ? sql`CASE WHEN p.speaker IS NOT NULL AND lower(p.speaker) = ANY(ARRAY[${sql.join(
          speakerLabels.map((x) => sql`${x}`),
          sql`, `,
        )}]::text[])${namedWord ? sql` AND NOT ${namedWord}` : sql``} THEN ${w.speakerBoost}::float8 ELSE 1 END`
      : sql`1`;
  const norm = sql`(${w.k1 + 1}::float8 / (1 + ${w.k1}::float8 * (1 - ${w.b}::float8 + ${w.b}::float8 * length(p.tsv) / ${q.stats.avgLength}::float8)))`;
  return sql`
    SELECT p.meeting_id, m.recorded_at, p.kind, p.position, p.speaker, p.start_seconds, p.ctid AS pid, p.config,
      (${idfSum}) * ${norm} * ${all} * ${whole} * ${kindWeight} * ${byNamed} AS score, ${byLabel}::float8 AS label,
      ${byNamed}::float8 AS named
    FROM search_passages p JOIN meetings m ON m.id = p.meeting_id
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * Term frequency, for the passages of the meetings that can make the page only (`kept`): each
 * term's occurrences in the passage, capped at `tfCap`, from one pass over its tsvector (tf.c[k]),
 * and the factor that turns the binary BM25 score into the one with those counts
 * (Σ idf × tf / (tf + k1 L) over Σ idf / (1 + k1 L)). Meetings are ranked and bounded on the
 * binary score; counting occurrences in every candidate passage doubled a question's time.
 */
function termFrequency(queries: ConfigQuery[], w: RankingWeights): { lateral: SQL; factor: SQL } {
  const withTerms = queries.filter((q) => q.terms.length);
  const most = Math.max(0, ...withTerms.map((q) => q.terms.length));
  const counts = Array.from({ length: most }, (_, k) => {
    const conds = withTerms
      .filter((q) => q.terms[k])
      .map((q) => {
        const t = q.terms[k]!;
        const exact = t.lexemes.filter((l) => !l.prefix).map((l) => sql`${l.lexeme}`);
        const prefixes = t.lexemes.filter((l) => l.prefix).map((l) => sql`u.lexeme ^@ ${l.lexeme}`);
        const match = sql.join([sql`u.lexeme = ANY(ARRAY[${sql.join(exact, sql`, `)}]::text[])`, ...prefixes], sql` OR `);
        return sql`(s.config = ${q.config}::regconfig AND (${match}))`;
      });
    return sql`least(${w.tfCap}::int, coalesce(sum(coalesce(array_length(u.positions, 1), 1)) FILTER (WHERE ${sql.join(conds, sql` OR `)}), 0))::float8`;
  });
  const lateral = most ? sql`CROSS JOIN LATERAL (SELECT ARRAY[${sql.join(counts, sql`, `)}] AS c FROM unnest(s.tsv) u) tf` : sql``;
  if (!most) return { lateral, factor: sql`1` };
  const factor = sql`(CASE s.config::text ${sql.join(
    withTerms.map((q) => {
      const n = q.stats.passages;
      const l = sql`(1 - ${w.b}::float8 + ${w.b}::float8 * length(s.tsv) / ${q.stats.avgLength}::float8)`;
      const num = sql.join(
        q.terms.map((t, k) => sql`${idf(n, Math.min(n, t.passages))}::float8 * tf.c[${k + 1}] / (tf.c[${k + 1}] + ${w.k1}::float8 * ${l})`),
        sql` + `,
      );
      const den = sql.join(
        q.terms.map((t, k) => sql`CASE WHEN tf.c[${k + 1}] > 0 THEN ${idf(n, Math.min(n, t.passages))}::float8 ELSE 0 END`),
        sql` + `,
      );
      return sql`WHEN ${q.config} THEN coalesce((${num}) / NULLIF((${den}) / (1 + ${w.k1}::float8 * ${l}), 0), 1)`;
    }),
    sql` `,
  )} ELSE 1 END)`;
  return { lateral, factor };
}

/**
 * Which meetings can still make the page: the first `meetings` by relevance or by date. Only
 * their passages are ranked (window functions, the meeting score), not every candidate.
 */
export interface Keep {
  meetings: number;
  by: "relevance" | "date";
}

/**
 * Every scored passage of the meetings that can make the page, with its rank in its meeting,
 * and the meeting's score. A meeting's score lies between its best passage's score and
 * (1 + second + third) times it, so a meeting whose upper bound is below the `keep.meetings`-th
 * best lower bound cannot be on the page: at 10,000 meetings a two-word query has some 16,000
 * candidate passages in 8,000 meetings, and ranking all of them was most of its time.
 */
function rankedPassages(
  queries: ConfigQuery[],
  userId: string,
  f: SearchFilters,
  w: RankingWeights,
  keep: Keep,
  only: Only = null,
): SQL | null {
  const parts = queries.map((q) => scoredPassages(q, userId, f, w, only)).filter((x): x is SQL => x !== null);
  if (!parts.length) return null;
  const n = Math.max(1, keep.meetings);
  const tf = w.tfCap > 1 ? termFrequency(queries, w) : { lateral: sql``, factor: sql`1` };
  const kept =
    keep.by === "date"
      ? sql`kept AS (
      SELECT s.* FROM scored s
      WHERE s.recorded_at >= coalesce((SELECT b.recorded_at FROM best b ORDER BY b.recorded_at DESC OFFSET ${n - 1} LIMIT 1), '-infinity'::timestamptz)
    )`
      : sql`kept AS (
      SELECT s.* FROM scored s JOIN best b ON b.meeting_id = s.meeting_id
      WHERE b.best * ${1 + w.second + w.third}::float8 >= coalesce((SELECT b2.best FROM best b2 ORDER BY b2.best DESC OFFSET ${n - 1} LIMIT 1), 0)
    )`;
  return sql`
    scored AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}),
    best AS (SELECT s.meeting_id, max(s.score) AS best, max(s.recorded_at) AS recorded_at FROM scored s GROUP BY s.meeting_id),
    ${kept},
    -- The text and tsvector of the kept passages only, by their row address (the same statement,
    -- so the same rows): carried for every candidate, they made \`scored\` spill to disk.
    texts AS (SELECT k.*, p.body${w.tfCap > 1 ? sql`, p.tsv` : sql``} FROM kept k JOIN search_passages p ON p.ctid = k.pid),
    counted AS (SELECT s.*, s.score * ${tf.factor} AS tf_score, ${w.tfCap > 1 ? sql`tf.c` : sql`NULL::float8[]`} AS tf_counts FROM texts s ${tf.lateral}),
    ranked AS (
      SELECT s.*,
        row_number() OVER (PARTITION BY s.meeting_id ORDER BY s.score DESC, s.position) AS by_score,
        count(*) OVER (PARTITION BY s.meeting_id)::int AS match_count
      FROM counted s
    ),
    meeting AS (
      SELECT r.meeting_id, sum(r.score * CASE r.by_score WHEN 1 THEN 1 WHEN 2 THEN ${w.second}::float8 WHEN 3 THEN ${w.third}::float8 ELSE 0 END) AS meeting_score
      FROM ranked r GROUP BY r.meeting_id
    )`;
}

/**
 * The moments of the meetings in CTE `chosen` (the page's, or the meetings ask reads; never every
 * kept meeting: windows read all of a meeting's turns): each ranked passage with `moment_score`,
 * its rank in its meeting by that score (`by_moment`) and its place among the meeting's moments
 * (`moment`). `moment_score` is the passage's score with term frequency and the named label, plus,
 * for a turn, `window.weight` × the best-scoring window of consecutive turns that holds it.
 *
 * Windows: turn i's window is the turns from i on whose lexemes before them (counted from i) are
 * fewer than `window.lexemes` (RANGE over the running length `pre`); it is scored as one BM25
 * document whose tf is how many of its turns hold the word, length normalised against the
 * meeting's average window; a turn takes the best window starting at most `lexemes` − 1 lexemes
 * before it (every window that reaches it). A turn holds a word when it is one of the search's
 * matches holding it (quotes, -words and filters apply: the window counts what the search finds),
 * or, for a word too common to pick candidates, when its tsvector has it.
 */
function momentsOf(queries: ConfigQuery[], w: RankingWeights): SQL {
  const withTerms = queries.filter((q) => q.terms.length);
  const most = Math.max(0, ...withTerms.map((q) => q.terms.length));
  const order = (score: SQL) => sql`
        row_number() OVER (PARTITION BY r.meeting_id ORDER BY ${score} DESC, r.position) AS by_moment,
        -- Moments: what was said first (a title is on every result anyway), then the notes.
        row_number() OVER (PARTITION BY r.meeting_id ORDER BY r.kind = 'title', r.start_seconds IS NULL, ${score} DESC,
          array_position(ARRAY['decision','summary','action_item','turn'], r.kind), r.position) AS moment`;
  if (w.window.weight <= 0 || !most) {
    const score = sql`r.tf_score * r.label`;
    return sql`
    moments AS MATERIALIZED (
      SELECT r.*, ${score} AS moment_score, ${order(score)}
      FROM ranked r JOIN chosen c ON c.meeting_id = r.meeting_id
    )`;
  }
  // Whether each turn holds each word. A matching turn's counts are known (tf_counts, when tf is
  // counted); any other turn holds none of the words that pick candidates, so only the words that
  // pick none (too common: candidateCap) are looked for in its tsvector, and often none are.
  const zeros = sql`ARRAY[${sql.join(
    Array.from({ length: most }, () => sql`0`),
    sql`, `,
  )}]`;
  const byConfig = (hold: (q: ConfigQuery, k: number) => SQL | null) =>
    sql`CASE t.config::text ${sql.join(
      withTerms.map(
        (q) =>
          sql`WHEN ${q.config} THEN ARRAY[${sql.join(
            Array.from({ length: most }, (_, k) => (q.terms[k] ? (hold(q, k) ?? sql`0`) : sql`0`)),
            sql`, `,
          )}]`,
      ),
      sql` `,
    )} ELSE ${zeros} END`;
  const inTsv = (q: ConfigQuery, k: number) => sql`(t.tsv @@ ${q.terms[k]!.tsquery}::tsquery)::int`;
  const matching = w.tfCap > 1 ? byConfig((_, k) => sql`(coalesce(r.tf_counts[${k + 1}], 0) > 0)::int`) : byConfig(inTsv);
  const common = withTerms.some((q) => generatorsOf(q, w).length < q.terms.length)
    ? byConfig((q, k) => (generatorsOf(q, w).includes(q.terms[k]!) ? null : inTsv(q, k)))
    : zeros;
  const holds = sql`CASE WHEN r.meeting_id IS NOT NULL THEN ${matching} ELSE ${common} END`;
  const { k1, b, lexemes, weight } = w.window;
  // An integer constant: a RANGE offset cannot be a bind parameter of unknown type.
  const reach = sql.raw(String(Math.max(0, Math.floor(lexemes) - 1)));
  const sums = sql.join(
    Array.from({ length: most }, (_, k) => sql`sum(t.h[${k + 1}]) OVER w`),
    sql`, `,
  );
  const norm = sql`(1 - ${b}::float8 + ${b}::float8 * x.wlen / greatest(1, avg(x.wlen) OVER (PARTITION BY x.meeting_id)))`;
  const bm25 = sql`CASE x.config::text ${sql.join(
    withTerms.map((q) => {
      const n = q.stats.passages;
      const parts = q.terms.map(
        (t, k) =>
          sql`${idf(n, Math.min(n, t.passages))}::float8 * x.f[${k + 1}] * ${k1 + 1}::float8 / (x.f[${k + 1}] + ${k1}::float8 * ${norm})`,
      );
      return sql`WHEN ${q.config} THEN ${sql.join(parts, sql` + `)}`;
    }),
    sql` `,
  )} ELSE 0 END`;
  const score = sql`(r.tf_score + ${weight}::float8 * coalesce(wb.win, 0) * r.named) * r.label`;
  return sql`
    turns AS (
      SELECT t.meeting_id, t.position, t.config, length(t.tsv) AS len, ${holds} AS h,
        sum(length(t.tsv)) OVER (PARTITION BY t.meeting_id ORDER BY t.position) - length(t.tsv) AS pre
      FROM search_passages t JOIN chosen c ON c.meeting_id = t.meeting_id
      LEFT JOIN ranked r ON r.meeting_id = t.meeting_id AND r.kind = 'turn' AND r.position = t.position
      WHERE t.kind = 'turn'
    ),
    win AS (
      SELECT t.meeting_id, t.position, t.config, t.pre, sum(t.len) OVER w AS wlen, ARRAY[${sums}]::float8[] AS f
      FROM turns t
      WINDOW w AS (PARTITION BY t.meeting_id ORDER BY t.pre RANGE BETWEEN CURRENT ROW AND ${reach} FOLLOWING)
    ),
    win_score AS (SELECT x.meeting_id, x.position, x.pre, ${bm25} AS s FROM win x),
    win_best AS (
      SELECT x.meeting_id, x.position,
        max(x.s) OVER (PARTITION BY x.meeting_id ORDER BY x.pre RANGE BETWEEN ${reach} PRECEDING AND CURRENT ROW) AS win
      FROM win_score x
    ),
    moments AS MATERIALIZED (
      SELECT r.*, ${score} AS moment_score, ${order(score)}
      FROM ranked r JOIN chosen c ON c.meeting_id = r.meeting_id
      LEFT JOIN win_best wb ON r.kind = 'turn' AND wb.meeting_id = r.meeting_id AND wb.position = r.position
    )`;
}

/**
 * The meetings that can make a page of `keep` meetings by relevance, found from the passages
 * holding every word, or null when those cannot tell (then every candidate is ranked). A
 * passage missing a word scores at most `partial`: the idf of the words it holds × the
 * shortest passage's length factor × the largest kind and speaker weights. So a meeting's k-th
 * best passage scores at least its k-th best all-words passage and at most the larger of that
 * and `partial`, which bounds its score from both sides; a meeting with no all-words passage
 * scores at most `partial` × (1 + second + third). When the page's last meeting by the lower
 * bound is above that, only all-words meetings whose upper bound reaches it can be on the page,
 * and only their passages (all words or not) are scored: a few hundred rows instead of every
 * passage holding a common word (16,000 for two words at 10,000 meetings).
 */
export async function meetingsWithEveryWord(
  db: Queryable,
  userId: string,
  queries: ConfigQuery[],
  f: SearchFilters,
  keep: number,
  w: RankingWeights = RANKING,
): Promise<string[] | null> {
  if (w.allWords <= 1 || keep < 1) return null;
  const shares = [1, w.second, w.third];
  // Meetings are ranked on binary term frequency (tf only orders their moments): a word's share in the shortest passage.
  const shortest = (w.k1 + 1) / (1 + w.k1 * (1 - w.b));
  // Speaker labels (SearchFilters.speakerLabels) weigh moments, not meetings: not in the bound.
  const heaviest = Math.max(...Object.values(w.kind)) * (f.speakerWords?.length ? Math.max(1, w.speakerBoost) : 1);
  let partial = 0;
  for (const q of queries) {
    if (q.terms.length < 2) return null;
    const idfs = q.terms.map((t) => idf(q.stats.passages, Math.min(q.stats.passages, t.passages)));
    partial = Math.max(partial, (idfs.reduce((x, y) => x + y, 0) - Math.min(...idfs)) * shortest * heaviest);
  }
  const parts = queries.map((q) => scoredPassages(q, userId, f, w, "all")).filter((x): x is SQL => x !== null);
  if (!parts.length) return null;
  const r = await db.execute(sql`
    SELECT s.meeting_id, (array_agg(s.score::float8 ORDER BY s.score DESC))[1:3] AS top
    FROM (${sql.join(parts, sql` UNION ALL `)}) s GROUP BY s.meeting_id`);
  const bounds = (r.rows as { meeting_id: string; top: number[] }[]).map((row) => {
    const top = row.top.map(Number);
    return {
      id: row.meeting_id,
      lower: shares.reduce((sum, share, k) => sum + share * (top[k] ?? 0), 0),
      upper: shares.reduce((sum, share, k) => sum + share * Math.max(top[k] ?? 0, partial), 0),
    };
  });
  const cut = bounds.map((x) => x.lower).sort((x, y) => y - x)[keep - 1];
  if (cut === undefined || cut <= partial * (1 + w.second + w.third) * (1 + 1e-9)) return null;
  return bounds.filter((x) => x.upper >= cut * (1 - 1e-9)).map((x) => x.id);
}

/** The highlighting query of a row: every word's lexemes in the row's configuration. */
function highlightQuery(queries: ConfigQuery[]): SQL {
  const withTerms = queries.filter((q) => q.terms.length);
  if (!withTerms.length) return sql`''::tsquery`;
  return sql`(CASE r.config::text ${sql.join(
    withTerms.map((q) => sql`WHEN ${q.config} THEN ${q.terms.map((t) => `(${t.tsquery})`).join(" | ")}::tsquery`),
    sql` `,
  )} END)`;
}

/**
 * One page of meetings, each with up to `moments` passages (best moments first), highlighted,
 * and how many passages match. Sorted by the meeting's score (its best three passages) or by
 * date, newest first.
 */
export async function searchPassages(
  db: Queryable,
  userId: string,
  queries: ConfigQuery[],
  filters: SearchFilters,
  page: { limit: number; offset: number; moments: number; sort: "relevance" | "date" },
  weights: RankingWeights = RANKING,
): Promise<PassageHit[]> {
  const keep: Keep = { meetings: page.offset + page.limit, by: page.sort };
  const only = page.sort === "relevance" ? await meetingsWithEveryWord(db, userId, queries, filters, keep.meetings, weights) : null;
  const ranked = rankedPassages(queries, userId, filters, weights, keep, only);
  if (!ranked) return [];
  const order =
    page.sort === "date" ? sql`m.recorded_at DESC, mt.meeting_score DESC, m.id` : sql`mt.meeting_score DESC, m.recorded_at DESC, m.id`;
  const hq = highlightQuery(queries);
  const result = await db.execute(sql`
    WITH ${ranked},
    page AS (
      SELECT mt.meeting_id, mt.meeting_score, m.title, m.recorded_at, u.name AS owner_name, row_number() OVER (ORDER BY ${order}) AS n
      FROM meeting mt JOIN meetings m ON m.id = mt.meeting_id JOIN "user" u ON u.id = m.user_id
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}
    ),
    chosen AS (SELECT pg.meeting_id FROM page pg),
    ${momentsOf(queries, weights)}
    SELECT pg.meeting_id, pg.title, pg.recorded_at, pg.owner_name, pg.meeting_score, r.kind, r.position, r.speaker, r.start_seconds,
      r.match_count, r.score,
      CASE WHEN length(r.body) <= ${SHORT_PASSAGE_CHARS} THEN ts_headline(r.config, ${unmarked(sql`r.body`)}, ${hq}, ${WHOLE_OPTIONS})
        ELSE ts_headline(r.config, ${unmarked(sql`r.body`)}, ${hq}, ${FRAGMENT_OPTIONS}) END AS headline,
      left(r.body, ${PASSAGE_END_CHARS}) AS body_head, right(r.body, ${PASSAGE_END_CHARS}) AS body_tail
    FROM page pg JOIN moments r ON r.meeting_id = pg.meeting_id AND r.moment <= ${page.moments}
    ORDER BY pg.n, r.moment`);
  return result.rows as unknown as PassageHit[];
}

/**
 * The best passages to answer a question from: the `limit` best-scoring ones, taken from the
 * best meetings first (at most `perMeeting` each), with their text.
 */
export async function answerPassages(
  db: Queryable,
  userId: string,
  queries: ConfigQuery[],
  filters: SearchFilters,
  limit: number,
  perMeeting: number,
  weights: RankingWeights = RANKING,
  order: "meeting" | "passage" = "meeting",
): Promise<PassageText[]> {
  // `limit` passages come from at most `limit` meetings; a passage's score is at most its meeting's best.
  const only = order === "meeting" ? await meetingsWithEveryWord(db, userId, queries, filters, limit, weights) : null;
  const ranked = rankedPassages(queries, userId, filters, weights, { meetings: limit, by: "relevance" }, only);
  if (!ranked) return [];
  // The passages come from the `limit` best meetings at most (by meeting, or one passage each by passage).
  const result = await db.execute(sql`
    WITH ${ranked},
    chosen AS (SELECT mt.meeting_id FROM meeting mt ORDER BY ${order === "meeting" ? sql`mt.meeting_score DESC` : sql`(SELECT max(r.tf_score * r.label) FROM ranked r WHERE r.meeting_id = mt.meeting_id) DESC`}, mt.meeting_id LIMIT ${limit}),
    ${momentsOf(queries, weights)}
    SELECT r.meeting_id, m.title, r.kind, r.position, r.speaker, r.start_seconds, r.body, r.moment_score AS score, mt.meeting_score
    FROM moments r JOIN meeting mt ON mt.meeting_id = r.meeting_id JOIN meetings m ON m.id = r.meeting_id
    WHERE r.by_moment <= ${perMeeting} AND r.kind <> 'title'
    ORDER BY ${order === "meeting" ? sql`mt.meeting_score DESC, r.moment_score DESC` : sql`r.moment_score DESC`}, r.meeting_id, r.position
    LIMIT ${limit}`);
  return result.rows as unknown as PassageText[];
}
