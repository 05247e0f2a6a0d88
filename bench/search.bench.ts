// `npm run bench:search [-- --split=train] [-v]`: search on real meetings. Stores the split's
// meetings (../shared/corpus/real-meetings; validation unless --split=train) for one user of the
// built app, asks each QMSum query through GET /api/search as the keywords a person would type
// (bench/lib/qmsum-search.ts keywordsOf) and as the question itself, and reports hit@1/3/10 and
// MRR of the moments found (in order: each result's moments, results in order) against the
// query's relevant spans, and queries with no result. Beside it: textbook BM25 over single turns
// (binary tf, no bonuses, no meeting score) computed by the same SQL (search.repo.ts PLAIN_BM25).
import { sql } from "drizzle-orm";
import { connectDatabase } from "../server/src/db/client";
import { parseQuery } from "../server/src/modules/search/search-query";
import { answerPassages, PLAIN_BM25 } from "../server/src/modules/search/search.repo";
import { configQueries, TYPO_SIMILARITY } from "../server/src/modules/search/search.service";
import { firstRelevant, hitStats, keywordsOf, loadQueries, pct, storeMeetings, type HitStats } from "./lib/qmsum-search";
import { realMeetingsAvailable, splitFromArgs } from "./lib/real-meetings";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, startServer } from "./perf/server";

const verbose = process.argv.includes("-v");

function row(name: string, s: HitStats): string {
  return `${name.padEnd(34)} ${pct(s.hit1).padStart(8)} ${pct(s.hit3).padStart(8)} ${pct(s.hit10).padStart(8)} ${s.mrr.toFixed(3).padStart(7)} ${`${s.empty}/${s.n}`.padStart(9)}`;
}

async function main() {
  if (!realMeetingsAvailable()) throw new Error("../shared/corpus/real-meetings is not there");
  exitCleanlyOnSignals();
  await ensureAppBuilt();
  const split = splitFromArgs();
  const dataDir = await makeTempDir("minutes-bench-search-");
  const server = await startServer({ dataDir, env: { SEARCH_RATE_LIMIT_BURST: "100000", SEARCH_RATE_LIMIT_PER_MINUTE: "100000" } });
  try {
    const client = new Client(server.url);
    const { user } = await client.signUp(`bench-search-${Date.now()}@example.com`);
    const { meetings, corpusOf } = await storeMeetings(server.databaseUrl(), user.id, split);
    const queries = loadQueries(meetings);
    console.log(`${split}: ${meetings.length} meetings, ${queries.length} queries`);
    const database = connectDatabase(server.databaseUrl(), 2);
    const results: Record<string, { ranks: (number | null)[]; empty: number; ms: number[] }> = {};
    const add = (name: string, rank: number | null, empty: boolean, ms: number) => {
      const r = (results[name] ??= { ranks: [], empty: 0, ms: [] });
      r.ranks.push(rank);
      if (empty) r.empty++;
      r.ms.push(ms);
    };
    try {
      for (const [i, q] of queries.entries()) {
        if (i % 50 === 0) console.log(`  ${i}/${queries.length}`);
        for (const [kind, text] of [
          ["keywords", keywordsOf(q.query)],
          ["question", q.query.slice(0, 200)],
        ] as const) {
          const t0 = performance.now();
          const r = await client.request("GET", `/api/search?q=${encodeURIComponent(text)}`);
          const ms = performance.now() - t0;
          if (r.status !== 200) throw new Error(`search ${text} answered ${r.status}: ${r.text}`);
          const moments = (r.json.results as { meetingId: string; moments: { turnIndex: number | null }[] }[]).flatMap((x) =>
            x.moments.map((m) => ({ corpusId: corpusOf.get(x.meetingId), turnIndex: m.turnIndex })),
          );
          const rank = firstRelevant(q, moments);
          add(`GET /api/search, ${kind}`, rank, moments.length === 0, ms);
          // The same words within the query's own meeting (meetingId: its moments, best first).
          const appId = [...corpusOf].find(([, c]) => c === q.meetingId)?.[0];
          const within = await client.request("GET", `/api/search?q=${encodeURIComponent(text)}&meetingId=${appId}`);
          const inMeeting = (within.json.results as { meetingId: string; moments: { turnIndex: number | null }[] }[]).flatMap((x) =>
            x.moments.map((m) => ({ corpusId: corpusOf.get(x.meetingId), turnIndex: m.turnIndex })),
          );
          add(`  …within its meeting, ${kind}`, firstRelevant(q, inMeeting), inMeeting.length === 0, 0);
          if (verbose && kind === "keywords") console.log(`${rank ?? "-"}\t${q.meetingId}\t${text}`);
          // The baseline: the same words, BM25 over single turns.
          const t1 = performance.now();
          const base = await database.db.transaction(async (tx) => {
            const cq = await configQueries(tx, parseQuery(text), TYPO_SIMILARITY);
            return answerPassages(tx, user.id, cq, {}, 10, Number.MAX_SAFE_INTEGER, PLAIN_BM25, "passage");
          });
          const baseWithin = await database.db.transaction(async (tx) => {
            const cq = await configQueries(tx, parseQuery(text), TYPO_SIMILARITY);
            return answerPassages(tx, user.id, cq, { meetingId: appId }, 10, Number.MAX_SAFE_INTEGER, PLAIN_BM25, "passage");
          });
          add(
            `  …BM25 within its meeting, ${kind}`,
            firstRelevant(
              q,
              baseWithin.map((p) => ({ corpusId: corpusOf.get(p.meeting_id), turnIndex: p.kind === "turn" ? p.position : null })),
            ),
            baseWithin.length === 0,
            0,
          );
          add(
            `BM25 over turns, ${kind}`,
            firstRelevant(
              q,
              base.map((p) => ({ corpusId: corpusOf.get(p.meeting_id), turnIndex: p.kind === "turn" ? p.position : null })),
            ),
            base.length === 0,
            performance.now() - t1,
          );
        }
      }
      await database.db.execute(sql`SELECT 1`);
    } finally {
      await database.close();
    }
    console.log(
      `\n${"".padEnd(34)} ${"hit@1".padStart(8)} ${"hit@3".padStart(8)} ${"hit@10".padStart(8)} ${"MRR".padStart(7)} ${"no result".padStart(9)}`,
    );
    for (const name of Object.keys(results).sort()) {
      const r = results[name]!;
      const sorted = [...r.ms].sort((a, b) => a - b);
      const ms = sorted[Math.floor(sorted.length / 2)]!;
      console.log(`${row(name, hitStats(r.ranks, r.empty))}${ms > 0 ? `   median ${ms.toFixed(0)} ms` : ""}`);
    }
    // The issue's bars (hit@3 ≥ 55 %, BM25 46 %) are per meeting (docs/decisions/021): each query
    // in its own meeting's scope. Across every meeting is reported above, without a bar.
    const kw = results["  …within its meeting, keywords"]!;
    const s = hitStats(kw.ranks, kw.empty);
    const pass = s.hit3 >= 0.55 && s.empty <= Math.floor((5 * s.n) / 111);
    console.log(
      `\nBars (keywords through GET /api/search, within the query's meeting): hit@3 ≥ 55 %: ${pct(s.hit3)}; no result ≤ 5 in 111: ${s.empty}/${s.n} → ${pass ? "PASS" : "FAIL"}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
