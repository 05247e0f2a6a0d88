// Trains the decision classifier (docs/decisions/043): every statement of the business development meetings
// (bench/business/<id>, never heldout/) a candidate, labelled by the reference decisions; lexical and structural
// features (server/src/pipeline/summary/decision-model.ts); L2 logistic regression. The settings (n-gram meetings k,
// L2, positive weight, threshold, sentences per 1,000 words, how it combines with the rules) are chosen by
// cross-validation in folds of whole meetings; the figures are printed per split, with the rules alone beside them,
// and for b61–b84 also with the model trained without them (b61 on: the meetings written from the fourth round on). Writes server/src/pipeline/summary/weights/decisions.json
// only when a combination beats the rules (--write; see KEEP below); prints the grid otherwise.
// Run: npm run train:decisions [-- --write]
import type { Combination, DecisionModel } from "../server/src/pipeline/summary/decision-model";
import committedFile from "../server/src/pipeline/summary/weights/decisions.json";
import {
  addScore,
  attachVectors,
  CHECK_SPLITS,
  DECISION_WEIGHTS_FILE,
  decisionCheck,
  emptyScore,
  type FitSettings,
  fitWeights,
  foldVectors,
  loadDevMeetings,
  precision,
  type PreparedMeeting,
  prepareMeeting,
  probabilities,
  recall,
  roundOf,
  type Score,
  scoreMeeting,
  splitOf,
} from "./lib/decision-training";
import { writeFileSync } from "node:fs";
import { blocksOf, parseGroups } from "./lib/decision-vectors";
import { writeFormatted } from "./lib/write-formatted";

// Word vectors (docs/decisions/055): the sentence's own words as GloVe vectors ("words", folded into per-word weights
// the engine reads) are on by default; --vectors=none fits without them, --vectors=s,next,… tries other groups
// (bench/lib/decision-vectors.ts), --vl2=a,b their L2 (grid), --no-ngrams drops the sentence's n-grams; --fit=k,l2,pos
// fits one setting only; --project fits one direction per group (the class means' difference) instead of 100
// free weights; --context-all reads every word of the turns around (not only content words); --ranking prints out-of-fold AUC and average precision per split.
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const VECTORS = arg("vectors") === "none" ? [] : parseGroups(arg("vectors") ?? "words");
const DENSE_L2 = (arg("vl2") ?? "0.1").split(",").map(Number);
const NO_NGRAMS = process.argv.includes("--no-ngrams");
const PROJECT = process.argv.includes("--project");
const CONTEXT_ALL = process.argv.includes("--context-all");
/** The words group's vocabulary: GloVe's most frequent this many words, with the meetings' own. */
const VOCABULARY = Number(arg("vocabulary") ?? 30000);
/** --dump=file writes every setting's cross-validated score per split (to compare whole grids, not one pick). */
const DUMP = arg("dump");
const dumped: { fit: string; key: string; splits: Record<string, Score> }[] = [];
const ONE_FIT = arg("fit")?.split(",").map(Number);

const FOLDS = 5;
const GRID_FIT: FitSettings[] = [];
// The n-gram meetings k hardly matters (train keeps features seen in 15 sentences or more, which few n-grams of
// one or two meetings are): 3 and 8 are tried.
if (ONE_FIT) GRID_FIT.push({ k: ONE_FIT[0]!, l2: ONE_FIT[1]!, positiveWeight: ONE_FIT[2]! });
else for (const k of [3, 8]) for (const l2 of [0.001, 0.003]) for (const positiveWeight of [1, 2]) GRID_FIT.push({ k, l2, positiveWeight });
if (VECTORS.length || NO_NGRAMS)
  GRID_FIT.splice(
    0,
    GRID_FIT.length,
    ...GRID_FIT.flatMap((f) =>
      (VECTORS.length ? DENSE_L2 : [0]).map((denseL2) => ({
        ...f,
        denseL2,
        ...(VECTORS.length ? { vectors: VECTORS, vocabulary: VOCABULARY } : {}),
        ...(NO_NGRAMS ? { noNgrams: true } : {}),
        ...(PROJECT ? { blocks: blocksOf(VECTORS) } : {}),
      })),
    ),
  );
const THRESHOLDS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
const PER_K = [1, 2, 3];
const VETO = [0.1, 0.2, 0.3, 0.4];
// Where the classifier applies, chosen with bench:notes on the real meetings (docs/decisions/043), not by this
// cross-validation: meetings up to 4,000 words (the development meetings have 586–1,526; parliament committees 8,000
// and more) where at most a fifth of the turns are one or two words (development meetings 0.03–0.38, the three with
// votes above 0.2; AMI and ICSI 0.24–0.50).
const MAX_WORDS = 4000;
// Below 300 words (the development meetings have 586 and more) its features of place, centrality and the closing
// part describe too little: a five-turn exchange gets the rules alone.
const MIN_WORDS = 300;
const MAX_SHORT_TURNS = 0.2;
/**
 * Keep a combination only when its cross-validated precision is at least this, with a clear recall gain over the rules.
 * The floor is the issue's bar (0.7): until round six it was 0.75, which on the 131 meetings of round six (harder than
 * the first 83) moved the threshold up and halved what the classifier adds; recall is what users miss (decision 055).
 */
const KEEP = { precision: 0.7, recallGain: 0.05 };
const round = (x: number) => Math.round(x * 1e4) / 1e4;
const fmt = (s: Score) => `${precision(s).toFixed(2)} / ${recall(s).toFixed(2)} (${s.matched}/${s.predicted}, ${s.references})`;

function variants(weights: Record<string, number>): DecisionModel[] {
  const base = {
    threshold: 1,
    veto: 0,
    perThousandWords: 0,
    minWords: MIN_WORDS,
    maxWords: MAX_WORDS,
    maxShortTurns: MAX_SHORT_TURNS,
    weights,
  };
  const out: DecisionModel[] = [];
  for (const combination of ["replace", "union"] as Combination[])
    for (const threshold of THRESHOLDS)
      for (const perThousandWords of PER_K) out.push({ ...base, combination, threshold, perThousandWords });
  for (const veto of VETO) {
    out.push({ ...base, combination: "veto", veto });
    for (const threshold of THRESHOLDS)
      for (const perThousandWords of PER_K) out.push({ ...base, combination: "union+veto", veto, threshold, perThousandWords });
  }
  return out;
}
const label = (m: DecisionModel) =>
  `${m.combination} t=${m.threshold === 1 ? "-" : m.threshold} n/kw=${m.perThousandWords || "-"} veto=${m.veto || "-"}`;

/** Per variant and split, the scores of the held-out fold's meetings, summed over folds. */
function crossValidate(prepared: PreparedMeeting[], fit: FitSettings, testOnly?: (p: PreparedMeeting) => boolean) {
  const out = new Map<string, Map<string, Score>>();
  const folds = prepared.map((_, i) => i % FOLDS);
  const runs = testOnly ? [{ train: prepared.filter((p) => !testOnly(p)), test: prepared.filter(testOnly) }] : [];
  if (!testOnly)
    for (let f = 0; f < FOLDS; f++)
      runs.push({ train: prepared.filter((_, i) => folds[i] !== f), test: prepared.filter((_, i) => folds[i] === f) });
  let models: DecisionModel[] = [];
  const ranks = new Map<string, { q: number; y: number }[]>();
  for (const run of runs) {
    const weights = fitWeights(run.train, fit);
    models = variants(weights);
    const known = new Map(run.test.map((p) => [p, probabilities(p, weights)]));
    for (const p of run.test) {
      const q = known.get(p)!;
      const list = ranks.get(p.meeting.split) ?? [];
      p.index.forEach((i, j) => p.labels[j]! >= 0 && list.push({ q: q.get(i)!, y: p.labels[j]! }));
      ranks.set(p.meeting.split, list);
    }
    for (const m of models) {
      const key = label(m);
      const bySplit = out.get(key) ?? new Map<string, Score>();
      for (const p of run.test)
        bySplit.set(p.meeting.split, addScore(bySplit.get(p.meeting.split) ?? emptyScore(), scoreMeeting(p, m, known.get(p))));
      out.set(key, bySplit);
    }
  }
  return { scores: out, models, ranks };
}

/** Out-of-fold ranking quality of the candidate sentences: AUC and average precision. */
function ranking(list: { q: number; y: number }[]): string {
  const sorted = [...list].sort((a, b) => b.q - a.q);
  const pos = sorted.filter((r) => r.y === 1).length;
  let hits = 0;
  let ap = 0;
  let negBelow = 0;
  let auc = 0;
  sorted.forEach((r, i) => {
    if (r.y === 1) {
      hits++;
      ap += hits / (i + 1);
    }
  });
  for (let i = sorted.length - 1; i >= 0; i--) {
    if (sorted[i]!.y === 1) auc += negBelow;
    else negBelow++;
  }
  return `AUC ${(auc / Math.max(1, pos * (sorted.length - pos))).toFixed(3)} AP ${(ap / Math.max(1, pos)).toFixed(3)}`;
}
const isB61On = (p: PreparedMeeting) => splitOf(p.meeting.id) === "b61 on";
// The committed weights' own operating point, printed for every fit so that a change can be compared with it.
const COMMITTED = label({ ...(committedFile.model as DecisionModel), weights: {} });
const sumOf = (splits: readonly string[]) => (bySplit: Map<string, Score>) =>
  splits.map((sp) => bySplit.get(sp) ?? emptyScore()).reduce(addScore, emptyScore());
const b61 = sumOf(["b61–b84", "b85–b108", "b129–b152", "b153 on"]);
/** The check meetings together (decision 062): b39–b45, b85–b108, b153 on. */
const checkSplits = sumOf(CHECK_SPLITS);

const f1 = (s: Score) => (precision(s) + recall(s) ? (2 * precision(s) * recall(s)) / (precision(s) + recall(s)) : 0);
const total = (bySplit: Map<string, Score>) => [...bySplit.values()].reduce(addScore, emptyScore());

async function main() {
  let t = Date.now();
  const prepared = loadDevMeetings().map(prepareMeeting);
  for (const p of prepared) p.meeting.split = roundOf(p.meeting.id);
  const vocabulary = attachVectors(prepared, GRID_FIT[0]!, CONTEXT_ALL ? "all" : "content");
  if (vocabulary) console.log(`words group: a vocabulary of ${vocabulary.size} words`);
  const splits = [...new Set(prepared.map((p) => p.meeting.split))].sort();
  console.log(`${prepared.length} development meetings, prepared in ${Date.now() - t} ms`);
  // Labels and the recall ceiling: a reference is reachable when some candidate sentence matches it.
  for (const sp of splits) {
    const ps = prepared.filter((p) => p.meeting.split === sp);
    const refs = ps.reduce((n, p) => n + p.meeting.refs.length, 0);
    const reach = ps.reduce((n, p) => n + p.reachable, 0);
    const cands = ps.reduce((n, p) => n + p.labels.length, 0);
    const pos = ps.reduce((n, p) => n + p.labels.filter((y) => y === 1).length, 0);
    const out = ps.reduce((n, p) => n + p.labels.filter((y) => y < 0).length, 0);
    console.log(
      `  ${sp}: ${ps.length} meetings, ${cands} candidate sentences, ${pos} positive, ${out} left out (match a reference, not best); recall ceiling ${(reach / refs).toFixed(2)} (${reach}/${refs})`,
    );
  }
  const rules = new Map<string, Score>();
  for (const p of prepared) rules.set(p.meeting.split, addScore(rules.get(p.meeting.split) ?? emptyScore(), scoreMeeting(p, null)));
  const rulesAll = total(rules);
  console.log(`\nrules alone: all ${fmt(rulesAll)}; ${splits.map((sp) => `${sp} ${fmt(rules.get(sp)!)}`).join("; ")}\n`);

  let best: { fit: FitSettings; key: string; score: Score; bySplit: Map<string, Score>; model: DecisionModel } | null = null;
  const rows: string[] = [];
  for (const fit of GRID_FIT) {
    t = Date.now();
    const { scores, models, ranks } = crossValidate(prepared, fit);
    const fitName = `k=${fit.k} l2=${fit.l2} pos=${fit.positiveWeight}${fit.denseL2 !== undefined ? ` vl2=${fit.denseL2}` : ""}${fit.noNgrams ? " no-ngrams" : ""}${fit.blocks ? " projected" : ""}`;
    if (process.argv.includes("--ranking"))
      console.log(
        `${fitName} ranking (out of fold): all ${ranking([...ranks.values()].flat())} | ${[...ranks.keys()]
          .sort()
          .map((sp) => `${sp} ${ranking(ranks.get(sp)!)}`)
          .join(" | ")} | check ${ranking(CHECK_SPLITS.flatMap((sp) => ranks.get(sp) ?? []))}`,
      );
    const committed = scores.get(COMMITTED);
    if (committed)
      console.log(
        `${fitName} | ${COMMITTED.padEnd(36)} | all ${fmt(total(committed))} | ${splits.map((sp) => `${sp} ${fmt(committed.get(sp) ?? emptyScore())}`).join(" | ")} | b61 on ${fmt(b61(committed))}`,
      );
    if (DUMP) for (const [key, bySplit] of scores) dumped.push({ fit: fitName, key, splits: Object.fromEntries(bySplit) });
    const ranked = [...scores].map(([key, bySplit]) => ({ key, bySplit, score: total(bySplit) }));
    // Per combination, the best F1 at precision ≥ KEEP.precision (else the most precise): the most matched alone
    // lands on the floor's edge.
    for (const comb of ["replace", "union", "veto", "union+veto"]) {
      const mine = ranked.filter((r) => r.key.startsWith(`${comb} `));
      const ok = mine.filter((r) => precision(r.score) >= KEEP.precision);
      const pick = (ok.length ? ok : mine).sort(
        (a, b) => (ok.length ? f1(b.score) - f1(a.score) : 0) || precision(b.score) - precision(a.score),
      )[0];
      if (!pick) continue;
      rows.push(
        `${fitName} | ${pick.key.padEnd(36)} | all ${fmt(pick.score)} | ${splits.map((sp) => `${sp} ${fmt(pick.bySplit.get(sp) ?? emptyScore())}`).join(" | ")} | b61 on ${fmt(b61(pick.bySplit))}`,
      );
      console.log(rows.at(-1));
      const model = models.find((m) => label(m) === pick.key)!;
      if (precision(pick.score) >= KEEP.precision && (!best || f1(pick.score) > f1(best.score)))
        best = { fit, key: pick.key, score: pick.score, bySplit: pick.bySplit, model };
    }
    console.log(`  (${Date.now() - t} ms)`);
  }
  if (DUMP) writeFileSync(DUMP, JSON.stringify(dumped));
  if (!best) {
    console.log("\nNo combination reaches the precision floor: nothing written.");
    return;
  }
  console.log(`\nbest: k=${best.fit.k} l2=${best.fit.l2} pos=${best.fit.positiveWeight} ${best.key}: all ${fmt(best.score)}`);
  // b61 on left out: trained on b01–b45 only, at the chosen settings (no rule was tuned on these meetings).
  const leftOut = crossValidate(prepared, best.fit, isB61On).scores;
  // The brief of decision 055: trained on the tuned meetings (b01–b38, b61–b84), scored on the check meetings.
  const checkOut = crossValidate(prepared, best.fit, (p) => CHECK_SPLITS.includes(p.meeting.split)).scores;
  for (const key of new Set([best.key, COMMITTED])) {
    const u = leftOut.get(key) ?? new Map<string, Score>();
    console.log(`${key}: b61 on left out (trained on b01–b45): ${fmt(b61(u))}; rules ${fmt(b61(rules))}`);
    const c = checkOut.get(key) ?? new Map<string, Score>();
    console.log(
      `${key}: check left out (trained on b01–b38, b61–b84, b129–b152): ${fmt(checkSplits(c))} (${CHECK_SPLITS.map((sp) => `${sp} ${fmt(c.get(sp) ?? emptyScore())}`).join(", ")}); rules ${fmt(checkSplits(rules))}`,
    );
  }
  const unseenScore = b61(leftOut.get(best.key) ?? new Map<string, Score>());
  // The gate (decision 055, round six; decision 062: the check meetings are b39–b45, b85–b108, b153 on, 55 meetings no rule was tuned on),
  // scored by the classifier trained on the tuned ones only, must gain recall over the rules as clearly as CV does,
  // at a precision no lower than the rules' there. (Until round six the gate left out b61 on and trained on b01–b45,
  // 35 meetings: too few once b61 on grew to 96.)
  const checkScore = checkSplits(checkOut.get(best.key) ?? new Map<string, Score>());
  const gain = recall(best.score) - recall(rulesAll);
  const checkGain = recall(checkScore) - recall(checkSplits(rules));
  const keep = gain >= KEEP.recallGain && checkGain >= KEEP.recallGain && precision(checkScore) >= precision(checkSplits(rules));
  console.log(`recall gain ${gain.toFixed(2)} (CV), ${checkGain.toFixed(2)} (check meetings left out): ${keep ? "kept" : "not kept"}`);
  if (!keep || !process.argv.includes("--write")) return;
  const fitted = fitWeights(prepared, best.fit);
  const weights = vocabulary ? foldVectors(fitted, best.fit, vocabulary) : fitted;
  const model: DecisionModel = { ...best.model, weights };
  const check = decisionCheck(prepared, best.fit);
  const cv = (s: Score) => ({
    precision: round(precision(s)),
    recall: round(recall(s)),
    matched: s.matched,
    listed: s.predicted,
    references: s.references,
  });
  await writeFormatted(
    DECISION_WEIGHTS_FILE,
    `${JSON.stringify({
      writtenBy: "bench/train-decisions.ts (npm run train:decisions -- --write); do not edit by hand",
      trainedOn: `business development meetings bench/business/<id> (${prepared.length}; never heldout/)`,
      // The check (bench/train-weights.test.ts) prepares these: a meeting added later makes the file stale, not wrong.
      meetings: prepared.map((p) => p.meeting.id),
      crossValidated: {
        all: cv(best.score),
        ...Object.fromEntries(splits.map((sp) => [sp, cv(best.bySplit.get(sp) ?? emptyScore())])),
        "b61 on left out": cv(unseenScore),
        "check left out": cv(checkScore),
        rules: { all: cv(rulesAll), ...Object.fromEntries(splits.map((sp) => [sp, cv(rules.get(sp)!)])) },
      },
      fit: best.fit,
      model,
      check: { input: check.input, subset: "every fourth development meeting, fitted at the same settings", digest: check.subset },
    })}\n`,
  );
  console.log(`wrote ${DECISION_WEIGHTS_FILE}`);
}

await main();
