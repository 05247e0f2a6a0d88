// The key-point scorer's training pieces (bench/train-key-points.ts runs them; bench/train-weights.test.ts checks
// that they reproduce the committed weights): each train meeting's candidate sentences with their features and
// labels, the ridge fit, and the ROUGE evaluation of a whole summary.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findDecisions, MAX_DECISIONS } from "../../server/src/pipeline/summary/decisions";
import {
  KEY_POINT_FEATURES,
  keyPointCandidates,
  overview,
  pickKeyPoints,
  type Candidate,
  type Sentence,
} from "../../server/src/pipeline/summary/key-points";
import type { KeyPointModel } from "../../server/src/pipeline/summary/key-point-types";
import { composeSummary, keyPointBudget, meetingSentences } from "../../server/src/pipeline/summary/summary";
import type { RealMeeting } from "./real-meetings";
import { inCheckSubset, type TrainingCheck, weightsDigest } from "./action-training";
import { rouge, tokenize } from "./rouge";
import { summaryPlainText } from "./summary-text";

export const FOLDS = 5;
export const RIDGE = 1;
export const COVERAGE = [0, 0.5, 1];
// Weight of the hand-set standing (RULES in key-points.ts): ROUGE does not see it, so it is not cross-validated
// here; 0.1 keeps the synthetic key-point coverage (bench/summary-synthetic.ts) near the rules' figures.
export const RULES_WEIGHT = 0.1;
export const BASES = [80, 90, 100];

export interface Prepared {
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

export function prepare(meeting: RealMeeting): Prepared {
  const all = meetingSentences(meeting.utterances);
  const speakers = [...new Set(meeting.utterances.map((u) => u.speaker))];
  const decisions = findDecisions(all, speakers, MAX_DECISIONS);
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
export function fit(meetings: Prepared[]): { weights: number[]; bias: number } {
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

export function evaluate(meetings: Prepared[], model: KeyPointModel, base: number) {
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

export const KEY_POINT_WEIGHTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../server/src/pipeline/summary/weights/key-points.json",
);
const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The weights file's text: the model (weights rounded to 4 places) and the cross-validated figures it was chosen by. */
export function keyPointWeightsJson(model: KeyPointModel, cv: { r1: number; r2: number; rl: number }, check: TrainingCheck): string {
  return `${JSON.stringify({
    writtenBy: "bench/train-key-points.ts (npm run train:key-points); do not edit by hand",
    trainedOn: "real-meetings train split",
    crossValidated: { rouge1: round(cv.r1), rouge2: round(cv.r2), rougeLsum: round(cv.rl) },
    model: { ...model, weights: model.weights.map(round), bias: round(model.bias) },
    check: { input: check.input, subset: "every fourth train meeting", digest: check.subset },
  })}\n`;
}

/** The reproduction check's fingerprints: the whole training input (features and labels), and the ridge fit on
 * every fourth train meeting, rounded. */
export function keyPointCheck(meetings: Prepared[]): TrainingCheck {
  const f = fit(meetings.filter(inCheckSubset));
  return {
    input: weightsDigest(meetings.map((p) => [p.meeting.id, p.prepared.candidates.map((c) => c.features), p.labels])),
    subset: weightsDigest({ weights: f.weights.map(round), bias: round(f.bias) }),
  };
}
