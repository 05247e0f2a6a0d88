// Trains the built-in summary's key-point scorer (server/src/pipeline/summary/key-point-model.ts) on the
// train split of ../shared/corpus/real-meetings, never on validation. Each candidate sentence is labelled
// with how much of the human summary it says: ROUGE-1 plus twice ROUGE-2 matches per word of the
// sentence. A ridge regression learns the weights of its features (KEY_POINT_FEATURES). Then 5-fold
// cross-validation over meetings (an AMI team's four meetings in one fold, bench/lib/folds.ts) chooses the weight of topic coverage in the greedy pick and the key
// points' word budget: the highest ROUGE-2 of the whole summary that keeps ROUGE-1 and ROUGE-Lsum two points over the issue's bars,
// or the longest summary within one standard error of it.
// Run: npm run train:key-points [-- --dry-run]
import path from "node:path";
import type { KeyPointModel } from "../server/src/pipeline/summary/key-point-types";
import { KEY_POINT_FEATURES } from "../server/src/pipeline/summary/key-points";
import { groupFolds } from "./lib/folds";
import {
  BASES,
  COVERAGE,
  evaluate,
  fit,
  FOLDS,
  KEY_POINT_WEIGHTS_FILE,
  keyPointCheck,
  keyPointWeightsJson,
  prepare,
  RULES_WEIGHT,
} from "./lib/key-point-training";
import { loadRealMeetings } from "./lib/real-meetings";
import { writeFormatted } from "./lib/write-formatted";

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
  await writeFormatted(
    KEY_POINT_WEIGHTS_FILE,
    keyPointWeightsJson(model, { r1: best.r1, r2: best.r2, rl: best.rl }, keyPointCheck(meetings)),
  );
  console.log(`Wrote ${path.relative(process.cwd(), KEY_POINT_WEIGHTS_FILE)}`);
}
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
