// Trains the built-in summary's key-point scorer (server/src/pipeline/summary/key-point-model.ts) on the
// train split of ../shared/corpus/real-meetings, never on validation. Each candidate sentence is labelled
// with how much of the human summary it says: ROUGE-1 plus twice ROUGE-2 matches per word of the
// sentence. A ridge regression learns the weights of its features (KEY_POINT_FEATURES). Then 5-fold
// cross-validation over meetings (an AMI team's four meetings in one fold, bench/lib/folds.ts) chooses the weight of topic coverage in the greedy pick and the key
// points' word budget: the highest ROUGE-2 of the whole summary that keeps ROUGE-1 and ROUGE-Lsum two points over the issue's bars,
// or the longest summary within one standard error of it.
// Run: npm run train:key-points [-- --dry-run]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findDecisions } from "../server/src/pipeline/summary/decisions";
import {
  KEY_POINT_FEATURES,
  keyPointCandidates,
  overview,
  pickKeyPoints,
  type Candidate,
  type Sentence,
} from "../server/src/pipeline/summary/key-points";
import type { KeyPointModel } from "../server/src/pipeline/summary/key-point-types";
import { composeSummary, keyPointBudget, meetingSentences } from "../server/src/pipeline/summary/summary";
import { groupFolds } from "./lib/folds";
import { loadRealMeetings, type RealMeeting } from "./lib/real-meetings";
import { rouge, tokenize } from "./lib/rouge";
import { summaryPlainText } from "./lib/summary-text";
import { writeFormatted } from "./lib/write-formatted";

const FOLDS = 5;
const RIDGE = 1;
const COVERAGE = [0, 0.5, 1];
// Weight of the hand-set standing (RULES in key-points.ts): ROUGE does not see it, so it is not cross-validated
// here; 0.1 keeps the synthetic key-point coverage (bench/summary-synthetic.ts) near the rules' figures.
const RULES_WEIGHT = 0.1;
const BASES = [80, 90, 100];

interface Prepared {
  meeting: RealMeeting;
  all: Sentence[];
  speakers: string[];
  intro: string;
  decisions: string[];
  prepared: ReturnType<typeof keyPointCandidates>;
  labels: number[];
}

const counts = (xs: string[]) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};

// Function words: a sentence is not worth more for saying "the" and "of" like the human summary does.
const FUNCTION_WORDS = new Set(
  tokenize(
    "the a an and or but of to in on at for with by from as is are was were be been it its this that these those they them their " +
      "he she his her we our you your i me my so if then than there here what which who not no do did does have has had will would can could",
  ),
);

/** Content words of the human summary that a sentence says, plus twice its bigrams with a content word, per token of the sentence. */
function label(c: Candidate, ref1: Map<string, number>, ref2: Map<string, number>): number {
  const t = tokenize(c.s.text);
  if (!t.length) return 0;
  let m = 0;
  for (const [g, k] of counts(t.filter((x) => !FUNCTION_WORDS.has(x)))) m += Math.min(k, ref1.get(g) ?? 0);
  const bi = t.slice(1).flatMap((x, i) => (FUNCTION_WORDS.has(x) && FUNCTION_WORDS.has(t[i] ?? "") ? [] : [`${t[i]} ${x}`]));
  for (const [g, k] of counts(bi)) m += 2 * Math.min(k, ref2.get(g) ?? 0);
  return m / t.length;
}

function prepare(meeting: RealMeeting): Prepared {
  const all = meetingSentences(meeting.utterances);
  const speakers = [...new Set(meeting.utterances.map((u) => u.speaker))];
  const decisions = findDecisions(all, speakers, 3);
  const prepared = keyPointCandidates(all, speakers);
  const ref = tokenize(meeting.summary);
  const ref1 = counts(ref);
  const ref2 = counts(ref.slice(1).map((x, i) => `${ref[i]} ${x}`));
  return {
    meeting,
    all,
    speakers,
    intro: overview(all, speakers),
    decisions,
    prepared,
    labels: prepared.candidates.map((c) => label(c, ref1, ref2)),
  };
}

/** Solves (XᵀX + λI) w = Xᵀy by Gaussian elimination; the last column of X is the bias (not penalised). */
function ridge(X: number[][], y: number[], lambda: number): number[] {
  // Every ! below indexes the d × (d + 1) system, a row of X (d long) or y (one per row): all in range.
  const d = X[0]?.length ?? 0;
  const A = Array.from({ length: d }, () => new Array<number>(d + 1).fill(0));
  X.forEach((x, r) => {
    for (let i = 0; i < d; i++) {
      const Ai = A[i]!;
      for (let j = 0; j < d; j++) Ai[j]! += x[i]! * x[j]!;
      Ai[d]! += x[i]! * y[r]!;
    }
  });
  for (let i = 0; i < d - 1; i++) A[i]![i]! += lambda;
  for (let c = 0; c < d; c++) {
    let p = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    const Ac = A[c]!;
    for (let r = 0; r < d; r++) {
      if (r === c || !Ac[c]) continue;
      const Ar = A[r]!;
      const f = Ar[c]! / Ac[c]!;
      for (let k = c; k <= d; k++) Ar[k]! -= f * Ac[k]!;
    }
  }
  return A.map((row, i) => (row[i] ? row[d]! / row[i]! : 0));
}

/** The weights learned from some meetings, with their mean-centred labels (the pick compares sentences within one meeting). */
function fit(meetings: Prepared[]): { weights: number[]; bias: number } {
  const X: number[][] = [];
  const y: number[] = [];
  for (const p of meetings) {
    const mean = p.labels.reduce((a, b) => a + b, 0) / Math.max(1, p.labels.length);
    p.prepared.candidates.forEach((c, i) => {
      X.push([...c.features, 1]);
      y.push((p.labels[i] ?? mean) - mean);
    });
  }
  const w = ridge(X, y, RIDGE);
  return { weights: w.slice(0, -1), bias: w.at(-1) ?? 0 };
}

function evaluate(meetings: Prepared[], model: KeyPointModel, base: number) {
  let r1 = 0,
    r2 = 0,
    rl = 0,
    words = 0,
    max = 0;
  for (const p of meetings) {
    const budget = keyPointBudget(p.all, p.intro, p.decisions, undefined, base);
    const points = pickKeyPoints(
      p.all,
      { maxPoints: 8, wordBudget: budget, exclude: p.decisions, speakers: p.speakers, attribute: true },
      model,
      p.prepared,
    );
    const text = summaryPlainText(composeSummary(p.intro, points, p.decisions).summary);
    const r = rouge(text, p.meeting.summary);
    r1 += r.rouge1;
    r2 += r.rouge2;
    rl += r.rougeLsum;
    const n = text.split(/\s+/).filter(Boolean).length;
    words += n;
    max = Math.max(max, n);
  }
  const k = meetings.length;
  return { r1: r1 / k, r2: r2 / k, rl: rl / k, words: words / k, max };
}

const started = Date.now();
const meetings = loadRealMeetings("train").map(prepare);
console.log(`${meetings.length} train meetings, ${meetings.reduce((n, p) => n + p.labels.length, 0)} candidate sentences`);
const foldOf = groupFolds(
  meetings.map((p) => p.meeting.id),
  FOLDS,
);
const folds = Array.from({ length: FOLDS }, (_, f) => meetings.filter((_, i) => foldOf[i] === f));
// The settings are chosen for the bars (ROUGE-1 33, ROUGE-2 8, ROUGE-Lsum 30). ROUGE-2 is the one held-out
// meetings put at risk (it fell from 8.7 on train to 8.0 on validation, the others kept a point or more), so: the highest
// ROUGE-2 among the settings that keep ROUGE-1 and ROUGE-Lsum two points over their bars; failing that, the smallest
// margin over the bars with ROUGE-2's counted four times (it moves about a quarter as much as the others).
const safe = (e: { r1: number; rl: number }) => e.r1 >= 35 && e.rl >= 32;
const margin = (e: { r1: number; r2: number; rl: number }) => (safe(e) ? 100 + e.r2 : Math.min(e.r1 - 33, 4 * (e.r2 - 8), e.rl - 30));
const results: {
  coverage: number;
  base: number;
  total: number;
  r1: number;
  r2: number;
  rl: number;
  words: number;
  max: number;
  se: number;
}[] = [];
const perFold = folds.map((test, f) => ({ test, fitted: fit(meetings.filter((_, i) => foldOf[i] !== f)) }));
for (const coverage of COVERAGE)
  for (const base of BASES) {
    const acc = { r1: 0, r2: 0, rl: 0, words: 0, max: 0 };
    const foldR2: number[] = [];
    for (const { test, fitted } of perFold) {
      const e = evaluate(test, { features: KEY_POINT_FEATURES, ...fitted, coverage, summaryBase: base, rules: RULES_WEIGHT }, base);
      for (const k of ["r1", "r2", "rl", "words"] as const) acc[k] += (e[k] * test.length) / meetings.length;
      acc.max = Math.max(acc.max, e.max);
      foldR2.push(e.r2);
    }
    const mean = foldR2.reduce((a, b) => a + b, 0) / FOLDS;
    const se = Math.sqrt(foldR2.reduce((a, r) => a + (r - mean) ** 2, 0) / (FOLDS - 1) / FOLDS);
    results.push({ coverage, base, ...acc, total: margin(acc), se });
    console.log(
      `  coverage ${String(coverage).padEnd(4)} base ${base}: R1 ${acc.r1.toFixed(1)} R2 ${acc.r2.toFixed(2)} RLsum ${acc.rl.toFixed(1)} words ${acc.words.toFixed(0)} (max ${acc.max})`,
    );
  }
// The one-standard-error rule, as in train-action-model.ts: the settings within one standard error (over the folds)
// of the best one's ROUGE-2 cannot be told apart, and of those the longer summary wins: it covers more of the synthetic
// meetings' key points (bench/summary-synthetic.ts). A fixed tie margin (0.05) flipped between 90 and 100 words
// after a change that touched 7 of the 162 meetings.
const top = results.reduce((a, r) => (r.total > a.total ? r : a));
const best = results.filter((r) => r.total >= top.total - top.se).sort((a, b) => b.base - a.base || b.total - a.total)[0];
if (!best) throw new Error("No coverage/base setting was evaluated.");
console.log(`best ROUGE-2 ${top.r2.toFixed(2)} (standard error ${top.se.toFixed(2)} over the folds)`);
const fitted = fit(meetings);
const model: KeyPointModel = {
  features: KEY_POINT_FEATURES,
  ...fitted,
  coverage: best.coverage,
  summaryBase: best.base,
  rules: RULES_WEIGHT,
};
console.log(`\nChosen by 5-fold cross-validation: coverage ${best.coverage}, base budget ${best.base} words`);
console.log(KEY_POINT_FEATURES.map((f, i) => `  ${f.padEnd(14)} ${(fitted.weights[i] ?? 0).toFixed(3)}`).join("\n"));
const all = evaluate(meetings, model, best.base);
console.log(
  `Whole train split with the final model: R1 ${all.r1.toFixed(1)} R2 ${all.r2.toFixed(2)} RLsum ${all.rl.toFixed(1)} words ${all.words.toFixed(0)} (max ${all.max})`,
);
if (!process.argv.includes("--dry-run")) {
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../server/src/pipeline/summary/key-point-model.ts");
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  await writeFormatted(
    out,
    `// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;\n` +
      `// do not edit by hand. Cross-validated on train: ROUGE-1 ${best.r1.toFixed(1)}, ROUGE-2 ${best.r2.toFixed(2)}, ROUGE-Lsum ${best.rl.toFixed(1)}.\n` +
      `import type { KeyPointModel } from "./key-point-types";\n\n` +
      `export const KEY_POINT_MODEL: KeyPointModel = ${JSON.stringify({ features: model.features, weights: model.weights.map(round), bias: round(model.bias), coverage: model.coverage, rules: RULES_WEIGHT, summaryBase: best.base })};\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
