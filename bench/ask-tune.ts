// `npx tsx bench/ask-tune.ts [--split=train] [--domains] [-v] ['[{"exchange":false}]']`: "Ask your
// meetings" experiments over search-tune's dump (decision 039). It reads the file
// `bench/search-tune.ts` writes (`/tmp/search-tune-<split>-v3.json`; run that once first) and ranks
// each question's own meeting as the app does since decision 021's third round (BM25, tf capped at
// 3, b 0.3, k1 1.2, all words × 1.5, a speaker the question names × 2, moments 30 s apart: the
// variant `{"tf":true,"tfCap":3,"label":2,"gapSec":30,"askGap":30}` there; search-tune.ts keeps its
// replica private and runs on import, so the few lines of the kept variant are repeated here). Then
// it runs the real `questionWords`, `speakerWordsOf`, `exchangeTurns` and `builtInAnswer` of
// ask.service and reports hit@1 / citation hit@3 of the answer's citations, ROUGE-1 and how many
// were answered, beside the ranking's own first three moments. Tune on train; val is for checking.
import { existsSync, readFileSync } from "node:fs";
import {
  builtInAnswer,
  EXCHANGE_NEIGHBOURS,
  exchangeKey,
  exchangeTurns,
  needsExchange,
  questionWords,
  speakerWordsOf,
} from "../server/src/modules/ask/ask.service";
import type { PassageText } from "../server/src/modules/search/search.repo";
import { apartInTime, speakerLabelsOf } from "../server/src/modules/search/search-query";
import { loadQueries, type RealQuery } from "./lib/qmsum-search";
import { loadRealMeetings } from "./lib/real-meetings";
import { rouge } from "./lib/rouge";

interface Turn {
  position: number;
  start: number;
  len: number;
  speaker: string;
  body: string;
  tf: Record<string, number>;
}
interface Dump {
  n: number;
  avgLen: number;
  df: Record<string, number>;
  meetings: Record<string, { domain: string; turns: Turn[] }>;
  words: Record<string, string[]>;
  queries: (RealQuery & { domain: string })[];
}
interface Variant {
  /** Short ranked turns answered from their exchange (the app's way); false: as the third round. */
  exchange?: boolean;
  /** Ask's spread: leading passages whose best sentence comes first. */
  spread?: number;
  /** A turn shorter than this many words gets its exchange (SHORT_TURN_WORDS). */
  short?: number;
  /** Turns read around a short one (EXCHANGE_NEIGHBOURS), and the exchange's seconds (MOMENT_GAP_SECONDS). */
  neighbours?: number;
  exGap?: number;
  /** "capitalised": the third round's speaker words (every capitalised word of the question). */
  speakers?: "capitalised";
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const wordsOf = (text: string) => [...new Set((text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'")))];
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
const inSpan = (q: RealQuery, position: number) => q.cues.some(([a, z]) => position + 1 >= a && position + 1 <= z);
/** The answer as bench:ask scores it: no citation markers, no times. */
const answerText = (answer: string) => answer.replace(/\s*\[\d+\]/g, "").replace(/ \(\d+(?::\d\d)+\):/g, ":");

const passageOf = (meetingId: string, t: Turn, score: number, best: number): PassageText => ({
  meeting_id: meetingId,
  title: meetingId,
  kind: "turn",
  position: t.position,
  speaker: t.speaker || null,
  start_seconds: t.start,
  body: t.body,
  score,
  meeting_score: best,
});

/** The question's meeting ranked as the app ranks it: the 24 best turns by score (answerPassages) and the first three moments. */
function rank(v: Variant, d: Dump, q: Dump["queries"][number]) {
  const words = wordsOf(questionWords(q.query.slice(0, 500)));
  const speakerWords =
    v.speakers === "capitalised" ? [...new Set(q.query.match(/\p{Lu}[\p{L}\p{N}]*/gu) ?? [])] : speakerWordsOf(q.query.slice(0, 500));
  const turns = d.meetings[q.meetingId]!.turns;
  const grams = new Set(speakerLabelsOf(words));
  const labels = new Set(turns.map((t) => t.speaker.toLowerCase()).filter((l) => l && grams.has(l)));
  const seen = new Set<string>();
  const terms: { lexemes: string[]; idf: number }[] = [];
  for (const w of words) {
    const lexemes = d.words[w] ?? [];
    const key = lexemes.join("|");
    if (!lexemes.length || seen.has(key)) continue;
    seen.add(key);
    terms.push({ lexemes, idf: idf(d.n, Math.min(d.n, Math.max(...lexemes.map((l) => d.df[l] ?? 0)))) });
  }
  const scores = turns.map((t) => {
    const tfs = terms.map((term) =>
      Math.min(
        3,
        term.lexemes.reduce((s, l) => s + (t.tf[l] ?? 0), 0),
      ),
    );
    const held = tfs.filter(Boolean).length;
    if (!held) return 0;
    const norm = 1 - 0.3 + (0.3 * t.len) / d.avgLen;
    let s = terms.reduce((acc, term, k) => acc + (tfs[k] ? (term.idf * tfs[k]! * 2.2) / (tfs[k]! + 1.2 * norm) : 0), 0);
    if (terms.length > 1 && held === terms.length) s *= 1.5;
    if (speakerWords.length && t.speaker.split(" ").some((x) => speakerWords.includes(x))) s *= 2;
    else if (labels.has(t.speaker.toLowerCase())) s *= 2;
    return s;
  });
  const order = scores
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s > 0)
    .sort((x, y) => y.s - x.s || x.i - y.i);
  const best = order[0]?.s ?? 0;
  const passages = order.slice(0, 24).map((x) => passageOf(q.meetingId, turns[x.i]!, x.s, best));
  const moments = apartInTime(order, (x) => ({ meetingId: q.meetingId, start: turns[x.i]!.start }), 30)
    .slice(0, 3)
    .map((x) => turns[x.i]!.position);
  return { passages, moments, turns };
}

/** What ask.repo's exchange query returns for these passages: the turns within EXCHANGE_NEIGHBOURS positions. */
function exchangesOf(v: Variant, turns: Turn[], meetingId: string, short: PassageText[]): Map<string, PassageText[]> {
  const out = new Map<string, PassageText[]>();
  for (const p of short) {
    const near = turns
      .filter((t) => t.position !== p.position && Math.abs(t.position - p.position) <= (v.neighbours ?? EXCHANGE_NEIGHBOURS))
      .map((t) => passageOf(meetingId, t, 0, 0));
    out.set(exchangeKey(p), exchangeTurns(p, near, v.exGap));
  }
  return out;
}

function evaluate(v: Variant, d: Dump, only: string | undefined, verbose: boolean) {
  const qs = d.queries.filter((q) => !only || q.domain === only);
  const t = { rank3: 0, hit1: 0, hit3: 0, answered: 0, r1: 0, words: 0 };
  const kinds: Record<string, [number, number]> = {};
  for (const q of qs) {
    const { passages, moments, turns } = rank(v, d, q);
    if (moments.some((p) => inSpan(q, p))) t.rank3++;
    const exchanges = v.exchange === false ? new Map() : exchangesOf(v, turns, q.meetingId, needsExchange(passages, v.short));
    const a = builtInAnswer(q.query.slice(0, 500), passages, v.spread ?? 3, 30, exchanges);
    const cited = a.citations.slice(0, 3).map((c) => c.turnIndex !== null && inSpan(q, c.turnIndex));
    if (cited[0]) t.hit1++;
    if (cited.some(Boolean)) t.hit3++;
    if (a.citations.length) {
      t.answered++;
      t.r1 += rouge(answerText(a.answer), q.answer).rouge1;
      t.words += answerText(a.answer).split(/\s+/).length;
    }
    if (process.argv.includes("--kinds")) {
      const kind = /^summari[sz]e/i.test(q.query)
        ? "summarize"
        : /\b(decid|decision|agree|conclu|disagre)/i.test(q.query)
          ? "decision"
          : /^why\b/i.test(q.query)
            ? "why"
            : /^what did (?!the (team|group|committee))\S+( \S+)? (think|say|suggest|propose|recommend)/i.test(q.query)
              ? "speaker"
              : "other";
      kinds[kind] ??= [0, 0];
      kinds[kind]![0]++;
      if (cited.some(Boolean)) kinds[kind]![1]++;
    }
    if (verbose && moments.some((p) => inSpan(q, p)) && !cited.some(Boolean))
      console.log(`  ranking hits, ask does not: ${q.query}\n    ${a.answer.replace(/\n/g, "\n    ")}`);
  }
  const p = (x: number) => `${((100 * x) / Math.max(1, qs.length)).toFixed(1)}`;
  for (const [k, [n, hit]] of Object.entries(kinds))
    console.log(`    ${k.padEnd(10)} ${n} questions, cit@3 ${((100 * hit) / n).toFixed(1)}`);
  return `ranking@3 ${p(t.rank3)} | ask hit@1 ${p(t.hit1)} cit@3 ${p(t.hit3)} answered ${t.answered}/${qs.length} R-1 ${(t.r1 / Math.max(1, qs.length)).toFixed(1)} words ${(t.words / Math.max(1, t.answered)).toFixed(0)}`;
}

function main() {
  const split = process.argv.find((a) => a.startsWith("--split="))?.slice(8) ?? "train";
  const file = process.argv.find((a) => a.startsWith("--cache="))?.slice(8) ?? `/tmp/search-tune-${split}-v3.json`;
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsx bench/search-tune.ts --split=${split}\` once first`);
  const d = JSON.parse(readFileSync(file, "utf8")) as Dump;
  // The spans in the app's turn numbers (dumps before decision 021's sixth round hold the corpus's cue numbers, which
  // run ahead of the turns wherever the import merged one speaker's consecutive cues).
  const ids = new Set(Object.keys(d.meetings));
  const meetings = (["train", "val"] as const).flatMap((s) => loadRealMeetings(s, (id) => ids.has(id)));
  d.queries = loadQueries(meetings).map((q) => ({ ...q, domain: d.meetings[q.meetingId]!.domain }));
  const variants = JSON.parse(process.argv.slice(2).find((a) => a.startsWith("[")) ?? "[{}]") as Variant[];
  const verbose = process.argv.includes("-v");
  console.log(`${split}: ${d.queries.length} questions, each within its own meeting`);
  for (const v of variants) {
    console.log(`${JSON.stringify(v).padEnd(30)} ${evaluate(v, d, undefined, verbose)}`);
    if (process.argv.includes("--domains"))
      for (const dom of ["ami", "icsi", "senedd", "commons"]) console.log(`  ${dom.padEnd(28)} ${evaluate(v, d, dom, false)}`);
  }
}

main();
