// `npx tsx bench/search-tune.ts [--split=train] ['[{"b":0.2},{"gap":3}]']`: ranking experiments
// in seconds instead of a bench run each (decision 021's tuning log). Stores the split's meetings
// (train unless --split=val: tune on train) in the built app's database, reads every turn's
// tsvector and each query's lexemes (keywords as bench:search types them, and the question as
// ask reads it) once, then scores each query's own meeting in JS as search.repo.ts does (BM25 with
// binary tf, b, k1, the all-words bonus) with the variant's changes, and prints hit@1/3/10 of the
// moments within the query's meeting. The replica gives the app's figure on val (50.0 % hit@3
// for keywords), so a change can be judged here and then measured with bench:search / bench:ask.
import pg from "pg";
import { questionWords } from "../server/src/modules/ask/ask.service";
import { keywordsOf, loadQueries, storeMeetings, type RealQuery } from "./lib/qmsum-search";
import { realMeetingsAvailable, splitFromArgs } from "./lib/real-meetings";
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
  /** Add wa × the idf sum of the words held anywhere within ±wd turns. */
  wd?: number;
  wa?: number;
}

interface Passage {
  position: number;
  length: number;
  lexemes: Set<string>;
}
interface Term {
  lexemes: string[];
}
type Prepared = RealQuery & { keywords: Term[]; question: Term[] };

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

function evaluate(
  v: Variant,
  queries: Prepared[],
  mode: "keywords" | "question",
  byMeeting: Map<string, Passage[]>,
  df: Map<string, number>,
  n: number,
  avg: number,
) {
  const k1 = v.k1 ?? 1.2;
  const b = v.b ?? 0.3;
  let h1 = 0;
  let h3 = 0;
  let h10 = 0;
  for (const q of queries) {
    const passages = byMeeting.get(q.meetingId) ?? [];
    const terms = q[mode]
      .filter((t) => t.lexemes.length)
      .map((t) => ({ ...t, idf: idf(n, Math.min(n, Math.max(...t.lexemes.map((l) => df.get(l) ?? 0)))) }));
    const holds = passages.map((p) => terms.map((t) => t.lexemes.some((l) => p.lexemes.has(l))));
    let scores = passages.map((p, i) => {
      const held = terms.filter((_, k) => holds[i]![k]);
      if (!held.length) return 0;
      let s = (held.reduce((sum, t) => sum + t.idf, 0) * (k1 + 1)) / (1 + k1 * (1 - b + (b * p.length) / avg));
      if (terms.length > 1 && held.length === terms.length) s *= v.all ?? 1.5;
      if (v.cover) s *= (held.length / terms.length) ** v.cover;
      return s;
    });
    if (v.wd) {
      const own = scores;
      scores = own.map((s, i) => {
        if (!s) return 0;
        let near = 0;
        for (const [k, t] of terms.entries())
          for (let j = Math.max(0, i - v.wd!); j <= Math.min(passages.length - 1, i + v.wd!); j++)
            if (holds[j]![k]) {
              near += t.idf;
              break;
            }
        return s + (v.wa ?? 0.3) * near;
      });
    }
    const order = scores
      .map((s, i) => ({ s, i }))
      .filter((x) => x.s > 0)
      .sort((x, y) => y.s - x.s || x.i - y.i);
    const picked: number[] = [];
    for (const x of order) {
      if (picked.length >= 10) break;
      if (v.gap && picked.some((i) => Math.abs(passages[i]!.position - passages[x.i]!.position) <= v.gap!)) continue;
      picked.push(x.i);
    }
    const rank = picked.findIndex((i) => q.cues.some(([a, z]) => passages[i]!.position + 1 >= a && passages[i]!.position + 1 <= z));
    if (rank === 0) h1++;
    if (rank >= 0 && rank < 3) h3++;
    if (rank >= 0 && rank < 10) h10++;
  }
  const pct = (x: number) => `${((100 * x) / Math.max(1, queries.length)).toFixed(1)} %`;
  return `hit@1 ${pct(h1)} hit@3 ${pct(h3)} hit@10 ${pct(h10)}`;
}

async function main() {
  if (!realMeetingsAvailable()) throw new Error("../shared/corpus/real-meetings is not there");
  exitCleanlyOnSignals();
  await ensureAppBuilt();
  const split = process.argv.some((a) => a.startsWith("--split=")) ? splitFromArgs() : "train";
  const variants = JSON.parse(process.argv.slice(2).find((a) => a.startsWith("[")) ?? "[{}]") as Variant[];
  const dataDir = await makeTempDir("minutes-search-tune-");
  const server = await startServer({ dataDir });
  try {
    const client = new Client(server.url);
    const { user } = await client.signUp(`search-tune-${Date.now()}@example.com`);
    const { meetings, corpusOf } = await storeMeetings(server.databaseUrl(), user.id, split);
    const db = new pg.Client({ connectionString: server.databaseUrl() });
    await db.connect();
    const byMeeting = new Map<string, Passage[]>();
    const df = new Map<string, number>();
    let n = 0;
    let lengths = 0;
    try {
      const rows = await db.query<{ meeting_id: string; kind: string; position: number; len: number; lexemes: string[] }>(
        "select meeting_id, kind, position, length(tsv) as len, tsvector_to_array(tsv) as lexemes from search_passages",
      );
      for (const r of rows.rows) {
        n++;
        lengths += r.len;
        for (const l of r.lexemes) df.set(l, (df.get(l) ?? 0) + 1);
        if (r.kind !== "turn") continue;
        const id = corpusOf.get(r.meeting_id)!;
        const list = byMeeting.get(id) ?? [];
        list.push({ position: r.position, length: r.len, lexemes: new Set(r.lexemes) });
        byMeeting.set(id, list);
      }
      for (const list of byMeeting.values()) list.sort((x, y) => x.position - y.position);
      const lexemesOf = async (text: string): Promise<Term[]> => {
        const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [])];
        const r = await db.query<{ l: string[] }>("select tsvector_to_array(to_tsvector('english', w)) as l from unnest($1::text[]) w", [
          words,
        ]);
        return r.rows.map((x) => ({ lexemes: x.l }));
      };
      const queries: Prepared[] = [];
      for (const q of loadQueries(meetings))
        queries.push({
          ...q,
          keywords: await lexemesOf(keywordsOf(q.query)),
          question: await lexemesOf(questionWords(q.query.slice(0, 500))),
        });
      console.log(`${split}: ${meetings.length} meetings, ${queries.length} queries; hit@k of moments within the query's meeting`);
      for (const v of variants)
        console.log(
          `${JSON.stringify(v).padEnd(36)} keywords ${evaluate(v, queries, "keywords", byMeeting, df, n, lengths / n)} | question ${evaluate(v, queries, "question", byMeeting, df, n, lengths / n)}`,
        );
    } finally {
      await db.end();
    }
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
