// Boosted trees against the logistic regression on the same prepared candidates (docs/decisions/057). Nothing here
// changes how candidates are made or what the engine does: it reads (a) the decision classifier's sentences and
// features (decision-training.ts prepareMeeting; train:decisions' folds) and (b) the business action candidates
// (business-action-training.ts prepareBusiness; train:business-actions' folds), fits both models fold by fold, and
// prints per split the out-of-fold AUC and the precision / recall at the operating point each model's own grid picks
// (the same grid and rule the trainers use), plus the "trained on the sets written before, scored on the next" rows.
// Settings are picked on the tuned splits (b01–b38, b61–b84) only; b39–b45 and b85+ are check rows (totals only).
// (c) scores the AMI action candidates of the real train split (train:actions' folds by team) the same way, AUC and
// P / R with the clauses scored by each model.
// Run: npx tsx bench/boosted-trees-trial.ts [--decisions] [--business] [--ami] [--quick]
import { addActionScore, type ActionScore, emptyActionScore } from "./lib/real-actions";
import { MIN_FEATURE_COUNT, prepareActions, type Prepared, train } from "./lib/action-training";
import { groupFolds } from "./lib/folds";
import { realMeetingsAvailable } from "./lib/real-meetings";
import { scoreRealActions } from "./lib/real-actions";
import { withModelItems } from "../server/src/pipeline/summary/action-model";
import { makeContext } from "../server/src/pipeline/summary/owners";
import actionsFile from "../server/src/pipeline/summary/weights/actions.json";
import { type BoostSettings, fitEnsemble } from "./lib/boosted-trees";
import {
  businessItems,
  fitBusiness,
  LEXICAL as BUSINESS_LEXICAL,
  prepareBusiness,
  scoreItems,
  splitOf,
  vocabulary,
  type BusinessPrepared,
} from "./lib/business-action-training";
import {
  addScore,
  emptyScore,
  type FitSettings,
  fitWeights,
  loadDevMeetings,
  precision,
  type PreparedMeeting,
  prepareMeeting,
  probabilities,
  recall,
  type Score,
  scoreMeeting,
} from "./lib/decision-training";
import { businessScore, type BusinessCandidate } from "../server/src/pipeline/summary/business-action-model";
import { ensembleLogit, type TreeEnsemble } from "./lib/boosted-trees-eval";
import type { Combination, DecisionModel } from "../server/src/pipeline/summary/decision-model";
import decisionsFile from "../server/src/pipeline/summary/weights/decisions.json";

const FOLDS = 5;
const SPLITS = ["b01–b38", "b39–b45", "b61–b84", "b85+"];
/** Where settings and operating points are chosen; the other two splits are only reported. */
const TUNE = new Set(["b01–b38", "b61–b84"]);
const quick = process.argv.includes("--quick");
const only = (name: string) =>
  !process.argv.some((a) => ["--decisions", "--business", "--ami"].includes(a)) || process.argv.includes(`--${name}`);

/** A tree setting of the trial: the fit's settings and how many times a positive counts. */
type Trees = BoostSettings & { positiveWeight?: number };
const BASE: Trees = {
  trees: 200,
  depth: 3,
  learningRate: 0.05,
  minLeaf: 10,
  lambda: 1,
  rowSample: 0.8,
  featureSample: 0.5,
  seed: 57,
};
const TREE_GRID: Trees[] = quick
  ? [BASE]
  : [
      { ...BASE, depth: 2, trees: 300, learningRate: 0.05 },
      BASE,
      { ...BASE, depth: 3, trees: 100, learningRate: 0.1 },
      { ...BASE, depth: 4, trees: 150, learningRate: 0.05, minLeaf: 20 },
      { ...BASE, depth: 3, trees: 300, learningRate: 0.03, featureSample: 0.3 },
      { ...BASE, depth: 2, trees: 600, learningRate: 0.03, featureSample: 0.3 },
      { ...BASE, positiveWeight: 3 },
    ];
/** Trees fitted on what the regression leaves: few and shallow. */
const STACKED_GRID: Trees[] = quick
  ? []
  : [
      { ...BASE, depth: 2, trees: 100, learningRate: 0.05 },
      { ...BASE, depth: 3, trees: 100, learningRate: 0.05 },
    ];
const treeName = (s: Trees) =>
  `trees d${s.depth} n${s.trees} lr${s.learningRate} leaf${s.minLeaf} fs${s.featureSample}${s.positiveWeight ? ` pos${s.positiveWeight}` : ""}`;
/** Each row's weight in the fit: a positive counts `positiveWeight` times. */
const rowWeights = (labels: number[], s: Trees) => labels.map((y) => (y > 0 ? (s.positiveWeight ?? 1) : 1));

/** Area under the ROC curve (ties count half), the rank-sum form. */
export function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, labels[i]!] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let pos = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j < order.length && order[j]![0] === order[i]![0]) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (order[k]![1] === 1) [rankSum, pos] = [rankSum + rank, pos + 1];
    i = j;
  }
  const neg = order.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : NaN;
}

const aucCell = (rows: { split: string; p: number; y: number }[], split: string) => {
  const mine = rows.filter((r) => split === "all" || r.split === split || (split === "tune" && TUNE.has(r.split)));
  return auc(
    mine.map((r) => r.p),
    mine.map((r) => r.y),
  ).toFixed(3);
};

// ---------------------------------------------------------------------------------------------------------------
// (a) Decisions
// ---------------------------------------------------------------------------------------------------------------

const LEXICAL = /^(?:u|b|p|p2|n|n2|nl):/;
/** The features fitWeights lets the regression see (n-grams in ≥ k training meetings, then `train`'s 15 rows). */
function decisionKeep(data: PreparedMeeting[], k: number): (f: string) => boolean {
  const seen = new Map<string, number>();
  const rows = new Map<string, number>();
  for (const p of data) {
    const inMeeting = new Set<string>();
    p.features.forEach((f, j) => {
      if (p.labels[j]! < 0) return;
      for (const key in f) {
        rows.set(key, (rows.get(key) ?? 0) + 1);
        if (LEXICAL.test(key)) inMeeting.add(key);
      }
    });
    for (const key of inMeeting) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return (f) => (!LEXICAL.test(f) || (seen.get(f) ?? 0) >= k) && (rows.get(f) ?? 0) >= MIN_FEATURE_COUNT;
}

/** The trees' fit; with `start`, each training sentence's starting log-odds (the regression's, out of fold). */
function fitDecisionTrees(data: PreparedMeeting[], s: Trees, k: number, start?: Map<PreparedMeeting, number[]>): TreeEnsemble {
  const keep = decisionKeep(data, k);
  const rows: Record<string, number>[] = [];
  const labels: number[] = [];
  const init: number[] = [];
  for (const p of data)
    p.features.forEach((f, j) => {
      if (p.labels[j]! < 0) return;
      rows.push(Object.fromEntries(Object.entries(f).filter(([key]) => keep(key))));
      labels.push(p.labels[j]!);
      init.push(start?.get(p)?.[j] ?? 0);
    });
  return fitEnsemble(rows, labels, s, rowWeights(labels, s), start ? init : undefined);
}

/** A linear model's log-odds for sparse features. */
const linear = (w: Readonly<Record<string, number>>, f: Readonly<Record<string, number>>) => {
  let z = 0;
  for (const key in f) z += (w[key] ?? 0) * (f[key] ?? 0);
  return z;
};

/**
 * Trees on top of the regression: the trees start from each training sentence's regression log-odds, taken out of
 * fold within the training meetings (an in-sample start would leave them nothing to learn), and at test time add
 * their score to the regression fitted on all the training meetings.
 */
function fitStacked(data: PreparedMeeting[], s: Trees, fit: { k: number; l2: number; positiveWeight: number }) {
  const inner = data.map((_, i) => i % FOLDS);
  const start = new Map<PreparedMeeting, number[]>();
  for (let g = 0; g < FOLDS; g++) {
    const w = fitWeights(
      data.filter((_, i) => inner[i] !== g),
      fit,
    );
    for (const p of data.filter((_, i) => inner[i] === g))
      start.set(
        p,
        p.features.map((f) => linear(w, f)),
      );
  }
  const e = fitDecisionTrees(data, s, fit.k, start);
  const w = fitWeights(data, fit);
  return (p: PreparedMeeting) => new Map(p.index.map((i, j) => [i, sigmoid(linear(w, p.features[j]!) + ensembleLogit(e, p.features[j]!))]));
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const treeProbabilities = (p: PreparedMeeting, e: TreeEnsemble) =>
  new Map(p.index.map((i, j) => [i, sigmoid(ensembleLogit(e, p.features[j]!))]));

/** train:decisions' operating points (combination, threshold, sentences per 1,000 words, veto). */
function decisionVariants(): DecisionModel[] {
  const base = { threshold: 1, veto: 0, perThousandWords: 0, minWords: 300, maxWords: 4000, maxShortTurns: 0.2, weights: {} };
  const out: DecisionModel[] = [];
  for (const combination of ["replace", "union"] as Combination[])
    for (const threshold of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
      for (const perThousandWords of [1, 2, 3]) out.push({ ...base, combination, threshold, perThousandWords });
  for (const veto of [0.1, 0.2, 0.3, 0.4]) {
    out.push({ ...base, combination: "veto", veto });
    for (const threshold of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
      for (const perThousandWords of [1, 2, 3]) out.push({ ...base, combination: "union+veto", veto, threshold, perThousandWords });
  }
  return out;
}
const variantName = (m: DecisionModel) =>
  `${m.combination} t${m.threshold === 1 ? "-" : m.threshold} n${m.perThousandWords || "-"} v${m.veto || "-"}`;
const fmtScore = (s: Score) => `${precision(s).toFixed(2)}/${recall(s).toFixed(2)} (${s.matched}/${s.predicted} of ${s.references})`;
const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

function decisionsTrial(): string[] {
  const out: string[] = [];
  const log = (s: string) => {
    console.log(s);
    out.push(s);
  };
  let t = Date.now();
  const prepared = loadDevMeetings().map(prepareMeeting);
  const split = (p: PreparedMeeting) => splitOf(p.meeting.id);
  const folds = prepared.map((_, i) => i % FOLDS);
  log(`\n## (a) Decisions: ${prepared.length} meetings, ${prepared.reduce((n, p) => n + p.labels.length, 0)} candidate sentences, `);
  log(`   prepared in ${Date.now() - t} ms; LR = the committed fit ${JSON.stringify(decisionsFile.fit)}`);
  // The committed fit without its word vectors (decision 055, after this trial): trees and regression compared on the
  // n-gram and structure features, as decision 057 measured them.
  const { k, l2, positiveWeight } = decisionsFile.fit;
  const fit: FitSettings = { k, l2, positiveWeight };
  const variants = decisionVariants();
  const committed = variants.find(
    (v) =>
      v.combination === decisionsFile.model.combination &&
      v.threshold === decisionsFile.model.threshold &&
      v.perThousandWords === decisionsFile.model.perThousandWords &&
      v.veto === decisionsFile.model.veto,
  )!;

  // Out-of-fold probabilities per model: the logistic regression, then each tree setting.
  type Probs = Map<PreparedMeeting, Map<number, number>>;
  const models: { name: string; oof: Probs; fitTrain: (d: PreparedMeeting[]) => (p: PreparedMeeting) => Map<number, number> }[] = [
    {
      name: "logistic regression",
      oof: new Map(),
      fitTrain: (d) => {
        const w = fitWeights(d, fit);
        return (p) => probabilities(p, w);
      },
    },
    ...TREE_GRID.map((s) => ({
      name: treeName(s),
      oof: new Map() as Probs,
      fitTrain: (d: PreparedMeeting[]) => {
        const e = fitDecisionTrees(d, s, fit.k);
        return (p: PreparedMeeting) => treeProbabilities(p, e);
      },
    })),
    ...STACKED_GRID.map((s) => ({
      name: `regression + ${treeName(s)}`,
      oof: new Map() as Probs,
      fitTrain: (d: PreparedMeeting[]) => fitStacked(d, s, fit),
    })),
  ];
  for (const m of models) {
    t = Date.now();
    for (let f = 0; f < FOLDS; f++) {
      const score = m.fitTrain(prepared.filter((_, i) => folds[i] !== f));
      for (const p of prepared.filter((_, i) => folds[i] === f)) m.oof.set(p, score(p));
    }
    console.log(`  ${m.name}: 5 folds in ${Date.now() - t} ms`);
  }

  const rulesBy = new Map<string, Score>();
  for (const p of prepared) rulesBy.set(split(p), addScore(rulesBy.get(split(p)) ?? emptyScore(), scoreMeeting(p, null)));
  const sum = (by: Map<string, Score>, keys: string[]) => keys.reduce((a, k) => addScore(a, by.get(k) ?? emptyScore()), emptyScore());
  const row = (name: string, by: Map<string, Score>) =>
    `| ${name} | ${fmtScore(sum(by, SPLITS))} | ${SPLITS.map((k) => fmtScore(by.get(k) ?? emptyScore())).join(" | ")} |`;
  log(`\n| decisions, out of fold | all | ${SPLITS.join(" | ")} |`);
  log(`| --- | --- | ${SPLITS.map(() => "---").join(" | ")} |`);
  log(row("rules alone", rulesBy));

  const picked = new Map<string, DecisionModel>();
  const aucRows: string[] = [];
  for (const m of models) {
    const rows = prepared.flatMap((p) =>
      p.index.flatMap((i, j) => (p.labels[j]! < 0 ? [] : [{ split: split(p), p: m.oof.get(p)!.get(i)!, y: p.labels[j]! }])),
    );
    aucRows.push(`| ${m.name} | ${["all", "tune", ...SPLITS].map((k) => aucCell(rows, k)).join(" | ")} |`);
    const scored = variants.map((v) => {
      const by = new Map<string, Score>();
      for (const p of prepared) by.set(split(p), addScore(by.get(split(p)) ?? emptyScore(), scoreMeeting(p, v, m.oof.get(p))));
      return { v, by, tune: sum(by, [...TUNE]) };
    });
    // train:decisions' rule: best F1 at precision ≥ 0.75, else the most precise (here on the tuned splits only).
    const ok = scored.filter((x) => precision(x.tune) >= 0.75);
    const pick = (ok.length ? ok : scored).sort((a, b) =>
      ok.length ? f1(precision(b.tune), recall(b.tune)) - f1(precision(a.tune), recall(a.tune)) : precision(b.tune) - precision(a.tune),
    )[0]!;
    picked.set(m.name, pick.v);
    log(row(`${m.name}, its pick: ${variantName(pick.v)}`, pick.by));
    const atCommitted = scored.find((x) => x.v === committed)!;
    log(row(`${m.name}, at the committed point ${variantName(committed)}`, atCommitted.by));
  }
  log(`\n| decisions, out-of-fold AUC (labelled sentences) | all | tuned | ${SPLITS.join(" | ")} |`);
  log(`| --- | --- | --- | ${SPLITS.map(() => "---").join(" | ")} |`);
  for (const r of aucRows) log(r);

  // Trained on the meetings written before a set, scored on that set, at each model's pick.
  log(`\n| decisions, trained on earlier sets only | b61–b84 (trained on b01–b45) | b85+ (trained on b01–b84) |`);
  log(`| --- | --- | --- |`);
  const later = (test: string, before: string[]) => ({
    train: prepared.filter((p) => before.includes(split(p))),
    test: prepared.filter((p) => split(p) === test),
  });
  const sets = [later("b61–b84", ["b01–b38", "b39–b45"]), later("b85+", ["b01–b38", "b39–b45", "b61–b84"])];
  log(
    `| rules alone | ${sets.map((s) => fmtScore(s.test.reduce((a, p) => addScore(a, scoreMeeting(p, null)), emptyScore()))).join(" | ")} |`,
  );
  for (const m of models) {
    const cells = sets.map((s) => {
      const score = m.fitTrain(s.train);
      const probs = s.test.map((p) => score(p));
      const rows = s.test.flatMap((p, q) =>
        p.index.flatMap((i, j) => (p.labels[j]! < 0 ? [] : [{ p: probs[q]!.get(i)!, y: p.labels[j]! }])),
      );
      const a = auc(
        rows.map((r) => r.p),
        rows.map((r) => r.y),
      );
      const sc = s.test.reduce((acc, p, q) => addScore(acc, scoreMeeting(p, picked.get(m.name)!, probs[q])), emptyScore());
      return `${fmtScore(sc)}, AUC ${a.toFixed(3)}`;
    });
    log(`| ${m.name} | ${cells.join(" | ")} |`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// (b) Business action items
// ---------------------------------------------------------------------------------------------------------------

const BAR = 0.85;
const RULE_T = [0, 0.3, 0.4, 0.5, 0.6, 0.7];
const CLAUSE_T = [0.2, 0.25, 0.3, 0.35, 0.45, 1.01];
const WIDE_T = [0.2, 0.25, 0.3, 0.35, 0.45, 1.01];
const MIN_MEETINGS = 2;
const pr = (s: ActionScore) => ({ p: s.tp / Math.max(1, s.predicted), r: s.tp / Math.max(1, s.tp + s.fn) });
const fmtAction = (s: ActionScore) => {
  const { p, r } = pr(s);
  return `${p.toFixed(2)}/${r.toFixed(2)} (${s.tp}/${s.predicted} of ${s.tp + s.fn})`;
};

function businessTreeRows(data: BusinessPrepared[]) {
  const vocab = vocabulary(data, MIN_MEETINGS);
  const counts = new Map<string, number>();
  for (const p of data) for (const c of p.cands) for (const k in c.features) counts.set(k, (counts.get(k) ?? 0) + 1);
  const keep = (k: string) => (!BUSINESS_LEXICAL.test(k) || vocab.has(k)) && (counts.get(k) ?? 0) >= MIN_FEATURE_COUNT;
  return {
    rows: data.flatMap((p) => p.cands.map((c) => Object.fromEntries(Object.entries(c.features).filter(([k]) => keep(k))))),
    labels: data.flatMap((p) => p.labels),
  };
}

function businessTrial(): string[] {
  const out: string[] = [];
  const log = (s: string) => {
    console.log(s);
    out.push(s);
  };
  let t = Date.now();
  const prepared = prepareBusiness();
  const split = (p: BusinessPrepared) => splitOf(p.meeting.id);
  const folds = prepared.map((_, i) => i % FOLDS);
  log(
    `\n## (b) Business action items: ${prepared.length} meetings, ${prepared.reduce((n, p) => n + p.cands.length, 0)} candidates, ${prepared.reduce((n, p) => n + p.labels.reduce((a, b) => a + b, 0), 0)} positive; prepared in ${Date.now() - t} ms`,
  );
  // A model is a fit on some meetings giving each candidate a log-odds.
  type Scorer = (c: BusinessCandidate) => number;
  const logit = (q: number) => Math.log(Math.max(1e-9, q) / Math.max(1e-9, 1 - q));
  const models: { name: string; fitTrain: (d: BusinessPrepared[]) => Scorer }[] = [
    ...(quick ? [0.01] : [0.001, 0.003, 0.01]).map((l2) => ({
      name: `logistic regression l2 ${l2}`,
      fitTrain: (d: BusinessPrepared[]) => {
        const w = fitBusiness(d, l2, MIN_MEETINGS);
        return (c: BusinessCandidate) => logit(businessScore(c, w));
      },
    })),
    ...TREE_GRID.map((s) => ({
      name: treeName(s),
      fitTrain: (d: BusinessPrepared[]) => {
        const { rows, labels } = businessTreeRows(d);
        const e = fitEnsemble(rows, labels, s, rowWeights(labels, s));
        return (c: BusinessCandidate) => ensembleLogit(e, c.features);
      },
    })),
    ...STACKED_GRID.map((s) => ({
      name: `regression l2 0.01 + ${treeName(s)}`,
      fitTrain: (d: BusinessPrepared[]) => {
        // As for decisions: the trees start from the regression's out-of-fold log-odds on the training meetings.
        const inner = d.map((_, i) => i % FOLDS);
        const start = new Map<BusinessPrepared, number[]>();
        for (let g = 0; g < FOLDS; g++) {
          const w = fitBusiness(
            d.filter((_, i) => inner[i] !== g),
            0.01,
            MIN_MEETINGS,
          );
          for (const p of d.filter((_, i) => inner[i] === g))
            start.set(
              p,
              p.cands.map((c) => linear(w, c.features)),
            );
        }
        const { rows, labels } = businessTreeRows(d);
        const e = fitEnsemble(
          rows,
          labels,
          s,
          undefined,
          d.flatMap((p) => start.get(p)!),
        );
        const w = fitBusiness(d, 0.01, MIN_MEETINGS);
        return (c: BusinessCandidate) => linear(w, c.features) + ensembleLogit(e, c.features);
      },
    })),
  ];
  /** The meeting's candidates with the model's log-odds as their one feature: selectBusiness then applies it as is. */
  const rescored = (p: BusinessPrepared, score: Scorer): BusinessPrepared => ({
    ...p,
    cands: p.cands.map((c) => ({ ...c, features: { z: score(c) } })),
  });
  const report = (ps: BusinessPrepared[], items: (p: BusinessPrepared) => Parameters<typeof scoreItems>[0]) => {
    const by = new Map<string, ActionScore>();
    for (const p of ps) {
      const s = by.get(split(p)) ?? emptyActionScore();
      addActionScore(s, scoreItems(items(p), p.meeting));
      by.set(split(p), s);
    }
    return by;
  };
  const sum = (by: Map<string, ActionScore>, keys: string[]) => {
    const s = emptyActionScore();
    for (const k of keys) if (by.has(k)) addActionScore(s, by.get(k)!);
    return s;
  };
  const row = (name: string, by: Map<string, ActionScore>) =>
    `| ${name} | ${fmtAction(sum(by, SPLITS))} | ${SPLITS.map((k) => fmtAction(by.get(k) ?? emptyActionScore())).join(" | ")} |`;
  log(`\n| action items, out of fold | all | ${SPLITS.join(" | ")} |`);
  log(`| --- | --- | ${SPLITS.map(() => "---").join(" | ")} |`);
  log(
    row(
      "engine today (rules + AMI scorer)",
      report(prepared, (p) => p.baseline),
    ),
  );
  const aucRows: string[] = [];
  const picks = new Map<string, { r: number; c: number; w: number }>();
  for (const m of models) {
    t = Date.now();
    const oof = new Map<BusinessPrepared, BusinessPrepared>();
    for (let f = 0; f < FOLDS; f++) {
      const score = m.fitTrain(prepared.filter((_, i) => folds[i] !== f));
      for (const p of prepared.filter((_, i) => folds[i] === f)) oof.set(p, rescored(p, score));
    }
    const fitMs = Date.now() - t;
    const rows = prepared.flatMap((p) => oof.get(p)!.cands.map((c, j) => ({ split: split(p), p: c.features.z!, y: p.labels[j]! })));
    aucRows.push(`| ${m.name} | ${["all", "tune", ...SPLITS].map((k) => aucCell(rows, k)).join(" | ")} |`);
    let best: { margin: number; by: Map<string, ActionScore>; r: number; c: number; w: number } | null = null;
    for (const r of RULE_T)
      for (const c of CLAUSE_T)
        for (const w of WIDE_T) {
          const model = { ruleThreshold: r, clauseThreshold: c, wideThreshold: w, possibleMin: 0.15, weights: { z: 1 } };
          const by = report(prepared, (p) => businessItems(oof.get(p)!, model).items);
          const tune = pr(sum(by, [...TUNE]));
          // train:business-actions' margin to the bars, on the tuned splits.
          const margin = Math.min(tune.p / BAR, tune.r / BAR);
          if (!best || margin > best.margin) best = { margin, by, r, c, w };
        }
    picks.set(m.name, best!);
    log(row(`${m.name}, its pick: rule ${best!.r} clause ${best!.c} wide ${best!.w}`, best!.by));
    console.log(`  (${m.name}: folds ${fitMs} ms)`);
  }
  log(`\n| action items, out-of-fold AUC (all candidates) | all | tuned | ${SPLITS.join(" | ")} |`);
  log(`| --- | --- | --- | ${SPLITS.map(() => "---").join(" | ")} |`);
  for (const r of aucRows) log(r);

  log(`\n| action items, trained on earlier sets only | b61–b84 (trained on b01–b45) | b85+ (trained on b01–b84) |`);
  log(`| --- | --- | --- |`);
  const later = (test: string, before: string[]) => ({
    train: prepared.filter((p) => before.includes(split(p))),
    test: prepared.filter((p) => split(p) === test),
  });
  const sets = [later("b61–b84", ["b01–b38", "b39–b45"]), later("b85+", ["b01–b38", "b39–b45", "b61–b84"])];
  log(
    `| engine today | ${sets
      .map((s) =>
        fmtAction(
          sum(
            report(s.test, (p) => p.baseline),
            SPLITS,
          ),
        ),
      )
      .join(" | ")} |`,
  );
  for (const m of models) {
    const pick = picks.get(m.name)!;
    const model = { ruleThreshold: pick.r, clauseThreshold: pick.c, wideThreshold: pick.w, possibleMin: 0.15, weights: { z: 1 } };
    const cells = sets.map((s) => {
      const score = m.fitTrain(s.train);
      const test = s.test.map((p) => rescored(p, score));
      const a = auc(
        test.flatMap((p) => p.cands.map((c) => c.features.z!)),
        s.test.flatMap((p) => p.labels),
      );
      return `${fmtAction(
        sum(
          report(test, (p) => businessItems(p, model).items),
          SPLITS,
        ),
      )}, AUC ${a.toFixed(3)}`;
    });
    log(`| ${m.name} | ${cells.join(" | ")} |`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// (c) AMI action candidates (the real train split; train:actions' folds by AMI team)
// ---------------------------------------------------------------------------------------------------------------

/** The candidate feature that carries a model's log-odds into withModelItems (no real feature has this name). */
const MODEL_LOGIT = "__modelLogit";

function amiTrial(): string[] {
  const out: string[] = [];
  const log = (s: string) => {
    console.log(s);
    out.push(s);
  };
  if (!realMeetingsAvailable()) {
    log("\n## (c) AMI action candidates: the corpus is not checked out; skipped");
    return out;
  }
  let t = Date.now();
  const prepared = prepareActions();
  const folds = groupFolds(
    prepared.map((p) => p.meeting.id),
    FOLDS,
  );
  const l2 = actionsFile.model.l2;
  log(
    `\n## (c) AMI action candidates: ${prepared.length} train meetings, ${prepared.reduce((n, p) => n + p.all.length, 0)} candidates (clauses and the rules' items), ${prepared.reduce((n, p) => n + p.labels.reduce((a, b) => a + b, 0), 0)} positive; prepared in ${Date.now() - t} ms; LR at the committed L2 ${l2}`,
  );
  /** `train`'s filter: features seen in at least MIN_FEATURE_COUNT training candidates. */
  const keepOf = (data: Prepared[]) => {
    const counts = new Map<string, number>();
    for (const p of data) for (const c of p.all) for (const k in c.features) counts.set(k, (counts.get(k) ?? 0) + 1);
    return (k: string) => (counts.get(k) ?? 0) >= MIN_FEATURE_COUNT;
  };
  type Scorer = (f: Record<string, number>) => number;
  const models: { name: string; fitTrain: (d: Prepared[]) => Scorer }[] = [
    {
      name: `logistic regression l2 ${l2}`,
      fitTrain: (d) => {
        const w = train(d, l2);
        return (f) => linear(w, f);
      },
    },
    ...TREE_GRID.map((s) => ({
      name: treeName(s),
      fitTrain: (d: Prepared[]) => {
        const keep = keepOf(d);
        const labels = d.flatMap((p) => p.labels);
        const e = fitEnsemble(
          d.flatMap((p) => p.all.map((c) => Object.fromEntries(Object.entries(c.features).filter(([k]) => keep(k))))),
          labels,
          s,
          rowWeights(labels, s),
        );
        return (f: Record<string, number>) => ensembleLogit(e, f);
      },
    })),
    ...STACKED_GRID.map((s) => ({
      name: `regression l2 ${l2} + ${treeName(s)}`,
      fitTrain: (d: Prepared[]) => {
        // The trees start from the regression's out-of-fold log-odds on the training meetings (folds by team).
        const inner = groupFolds(
          d.map((p) => p.meeting.id),
          FOLDS,
        );
        const start = new Map<Prepared, number[]>();
        for (let g = 0; g < FOLDS; g++) {
          const w = train(
            d.filter((_, i) => inner[i] !== g),
            l2,
          );
          for (const p of d.filter((_, i) => inner[i] === g))
            start.set(
              p,
              p.all.map((c) => linear(w, c.features)),
            );
        }
        const keep = keepOf(d);
        const e = fitEnsemble(
          d.flatMap((p) => p.all.map((c) => Object.fromEntries(Object.entries(c.features).filter(([k]) => keep(k))))),
          d.flatMap((p) => p.labels),
          s,
          undefined,
          d.flatMap((p) => start.get(p)!),
        );
        const w = train(d, l2);
        return (f: Record<string, number>) => linear(w, f) + ensembleLogit(e, f);
      },
    })),
  ];
  const SETTINGS = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4].flatMap((threshold) =>
    [1.5, 2].map((perThousandWords) => ({ threshold, perThousandWords })),
  );
  log(
    `\n| AMI train, out of fold (by team) | AUC | at the committed point (t ${actionsFile.model.threshold}, ${actionsFile.model.perThousandWords}/1,000 words) | its pick (margin over P 0.4 / R 0.3) |`,
  );
  log(`| --- | --- | --- | --- |`);
  for (const m of models) {
    t = Date.now();
    const ys: number[] = [];
    const zs: number[] = [];
    const perSetting = SETTINGS.map(() => emptyActionScore());
    for (let f = 0; f < FOLDS; f++) {
      const trainSet = prepared.filter((_, i) => folds[i] !== f);
      const score = m.fitTrain(trainSet);
      // The rules' gate in long meetings reads the fold's regression in both arms: only the clauses' scores differ.
      const gate = train(trainSet, l2);
      for (const p of prepared.filter((_, i) => folds[i] === f)) {
        p.all.forEach((c, j) => {
          zs.push(score(c.features));
          ys.push(p.labels[j]!);
        });
        const cands = p.cands.map((c) => ({ ...c, features: { [MODEL_LOGIT]: score(c.features) } }));
        const ctx = makeContext(p.meeting.utterances);
        SETTINGS.forEach((st, k) => {
          const items = withModelItems(p.rules, p.meeting.utterances, ctx, p.meeting.meetingDate, {
            ...st,
            ruleThreshold: actionsFile.model.ruleThreshold,
            floor: actionsFile.model.floor,
            weights: { ...gate, [MODEL_LOGIT]: 1 },
            candidates: cands,
          });
          addActionScore(perSetting[k]!, scoreRealActions(items, p.meeting));
        });
      }
    }
    const margin = (s: ActionScore) => Math.min(pr(s).p / 0.4, pr(s).r / 0.3);
    const at = SETTINGS.findIndex(
      (st) => st.threshold === actionsFile.model.threshold && st.perThousandWords === actionsFile.model.perThousandWords,
    );
    const best = perSetting.reduce((b, s, k) => (margin(s) > margin(perSetting[b]!) ? k : b), 0);
    log(
      `| ${m.name} | ${auc(zs, ys).toFixed(3)} | ${at >= 0 ? fmtAction(perSetting[at]!) : "-"} | t ${SETTINGS[best]!.threshold}, ${SETTINGS[best]!.perThousandWords}: ${fmtAction(perSetting[best]!)} |`,
    );
    console.log(`  (${Date.now() - t} ms)`);
  }
  return out;
}

const t0 = Date.now();
const lines = [
  ...(only("decisions") ? decisionsTrial() : []),
  ...(only("business") ? businessTrial() : []),
  ...(only("ami") ? amiTrial() : []),
];
console.log(`\n(${lines.length} lines; ${Math.round((Date.now() - t0) / 1000)} s)`);
