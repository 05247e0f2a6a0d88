// Trains the action-item scorer (server/src/pipeline/summary/action-model.ts) on the AMI design meetings of
// the real-meetings TRAIN split only, and writes its weights to weights/actions.json (data, not code).
//   - Candidates: every clause that puts work on someone (actionCandidates), with its features.
//   - Label: the candidate's task matches one of the meeting's annotated items (the bench's matcher:
//     content-word Dice >= 0.3, bench/lib/real-actions.ts).
//   - Model: L2-regularised logistic regression, full-batch gradient descent; verbs seen fewer than
//     MIN_FEATURE_COUNT times get no weight of their own.
//   - Settings (threshold, items per 1000 words, floor, L2) chosen by 5-fold cross-validation over AMI teams
//     (a team's four meetings share a fold, bench/lib/folds.ts, as unseen teams are what validation and test hold):
//     how far precision and recall on the held-out folds stand above the bars (BARS) is the margin;
//     of the settings within one standard error of the best margin, the most regularised (largest L2) wins;
//     the floor (the best turn's work where a meeting would get none) is one of the settings;
//     scored exactly as bench:actions scores (one-to-one matching).
// Run: npx tsx bench/train-action-model.ts [--dry] (prints the CV grid; --dry does not write the weights)
import path from "node:path";
import { withModelItems, type ModelOptions } from "../server/src/pipeline/summary/action-model";
import { makeContext } from "../server/src/pipeline/summary/owners";
import {
  ACTION_WEIGHTS_FILE,
  actionCheck,
  actionWeightsJson,
  BARS,
  FOLDS,
  prepareActions,
  type Prepared,
  roundWeights,
  train,
} from "./lib/action-training";
import { groupFolds } from "./lib/folds";
import { dice } from "./lib/match";
import { type ActionScore, addActionScore, emptyActionScore, MATCH_DICE, scoreRealActions } from "./lib/real-actions";
import { writeFormatted } from "./lib/write-formatted";

const prepared = prepareActions();

function evaluate(data: Prepared[], opts: ModelOptions) {
  const s = emptyActionScore();
  for (const p of data) {
    const ctx = makeContext(p.meeting.utterances);
    const items = withModelItems(p.rules, p.meeting.utterances, ctx, p.meeting.meetingDate, { ...opts, candidates: p.cands });
    addActionScore(s, scoreRealActions(items, p.meeting));
  }
  return {
    p: s.tp / Math.max(1, s.predicted),
    r: s.tp / Math.max(1, s.tp + s.fn),
    perHour: s.predicted / s.hours,
    tp: s.tp,
    n: s.predicted,
  };
}

const positives = prepared.reduce((n, p) => n + p.labels.reduce((a, b) => a + b, 0), 0);
const reachable = prepared.reduce(
  (n, p) => n + (p.meeting.actionItems ?? []).filter((r) => p.cands.some((c) => dice(c.task, r.task) >= MATCH_DICE)).length,
  0,
);
const refCount = prepared.reduce((n, p) => n + (p.meeting.actionItems ?? []).length, 0);
console.log(
  `${prepared.length} train meetings, ${prepared.reduce((n, p) => n + p.cands.length, 0)} candidates, ${positives} matching an item; ` +
    `${reachable} of ${refCount} items have a matching candidate (the recall ceiling)`,
);
const rulesOnly = evaluate(prepared, { threshold: 2, ruleThreshold: 0, floor: 1 });
console.log(`rules only: P ${rulesOnly.p.toFixed(2)} R ${rulesOnly.r.toFixed(2)} (${rulesOnly.n} items)`);

const RULE_THRESHOLDS = process.argv.includes("--quick") ? [0.2] : [0.2, 0.3, 0.4];
const THRESHOLDS = process.argv.includes("--quick") ? [0.3] : [0.15, 0.2, 0.225, 0.25, 0.275, 0.3, 0.35, 0.4];
const CAPS = process.argv.includes("--quick") ? [1] : [1.5, 2];
/** 1: no floor; else the score the best turn's work needs when nothing else is kept. */
const FLOORS = process.argv.includes("--quick") ? [1] : [1, 0.15, 0.1, 0.05];
const L2S = process.argv.includes("--quick") ? [0.001] : [0.001, 0.01, 0.03, 0.1, 0.3];
const folds = groupFolds(
  prepared.map((p) => p.meeting.id),
  FOLDS,
);
interface Setting {
  l2: number;
  threshold: number;
  ruleThreshold: number;
  perThousandWords: number;
  floor: number;
  p: number;
  r: number;
  /** How far the setting stands above both bars: min(P / 0.4, R / 0.3) over the held-out folds. */
  margin: number;
  /** The margin's standard error over the folds. */
  se: number;
}
const grid: Setting[] = [];
function marginOf(s: ActionScore): number {
  return Math.min(s.tp / Math.max(1, s.predicted) / BARS.precision, s.tp / Math.max(1, s.tp + s.fn) / BARS.recall);
}
for (const l2 of L2S) {
  const foldWeights = Array.from({ length: FOLDS }, (_, f) =>
    train(
      prepared.filter((_, i) => folds[i] !== f),
      l2,
    ),
  );
  for (const threshold of THRESHOLDS)
    for (const ruleThreshold of RULE_THRESHOLDS)
      for (const perThousandWords of CAPS)
        for (const floor of FLOORS) {
          const total = emptyActionScore();
          const foldMargins: number[] = [];
          for (let f = 0; f < FOLDS; f++) {
            const test = prepared.filter((_, i) => folds[i] === f);
            const fold = emptyActionScore();
            for (const p of test) {
              const ctx = makeContext(p.meeting.utterances);
              const items = withModelItems(p.rules, p.meeting.utterances, ctx, p.meeting.meetingDate, {
                threshold,
                ruleThreshold,
                perThousandWords,
                floor,
                weights: foldWeights[f],
                candidates: p.cands,
              });
              addActionScore(fold, scoreRealActions(items, p.meeting));
            }
            addActionScore(total, fold);
            foldMargins.push(marginOf(fold));
          }
          const P = total.tp / Math.max(1, total.predicted);
          const R = total.tp / Math.max(1, total.tp + total.fn);
          console.log(
            `l2 ${l2} threshold ${threshold} rule ${ruleThreshold} per1000 ${perThousandWords} floor ${floor}: CV P ${P.toFixed(2)} R ${R.toFixed(2)} items/h ${(total.predicted / total.hours).toFixed(1)}`,
          );
          const mean = foldMargins.reduce((a, b) => a + b, 0) / FOLDS;
          const se = Math.sqrt(foldMargins.reduce((a, m) => a + (m - mean) ** 2, 0) / (FOLDS - 1) / FOLDS);
          grid.push({ l2, threshold, ruleThreshold, perThousandWords, floor, p: P, r: R, margin: marginOf(total), se });
        }
}
// The one-standard-error rule: many settings score within noise of the best, and the pick among them flipped
// from one retraining to the next. Of those within one standard error (over the folds) of the best, take the
// most regularised model (largest L2), then the best margin, then the higher precision.
const top = grid.reduce<Setting | null>((a, g) => (!a || g.margin > a.margin ? g : a), null);
if (!top) throw new Error("No setting was evaluated.");
const best = grid
  .filter((g) => g.margin >= top.margin - top.se)
  .sort((a, b) => b.l2 - a.l2 || b.margin - a.margin || b.p - a.p)[0] as Setting;
console.log(`best margin ${top.margin.toFixed(3)} (standard error ${top.se.toFixed(3)})`);
console.log(`chosen: ${JSON.stringify(best)}`);
const weights = train(prepared, best.l2);
const rounded = roundWeights(weights);
const full = evaluate(prepared, {
  threshold: best.threshold,
  ruleThreshold: best.ruleThreshold,
  perThousandWords: best.perThousandWords,
  floor: best.floor,
  weights: rounded,
});
console.log(`train (fit on all of it): P ${full.p.toFixed(2)} R ${full.r.toFixed(2)} items/h ${full.perHour.toFixed(1)}`);
if (!process.argv.includes("--dry")) {
  const model = {
    threshold: best.threshold,
    ruleThreshold: best.ruleThreshold,
    perThousandWords: best.perThousandWords,
    floor: best.floor,
    l2: best.l2,
    weights: rounded,
  };
  await writeFormatted(
    ACTION_WEIGHTS_FILE,
    actionWeightsJson(model, { precision: best.p, recall: best.r }, actionCheck(prepared, best.l2)),
  );
  console.log(`wrote ${path.relative(process.cwd(), ACTION_WEIGHTS_FILE)}`);
}
