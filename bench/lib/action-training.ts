// The action-item scorer's training pieces (bench/train-action-model.ts runs them; bench/train-weights.test.ts
// checks that they reproduce the committed weights): the candidates of the AMI train meetings with their labels,
// and the logistic regression.
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ActionItemDraft } from "../../contract/transcript";
import { actionCandidates, type Candidate, ruleCandidates } from "../../server/src/pipeline/summary/action-model";
import { extractActionItems } from "../../server/src/pipeline/summary/actions";
import { makeContext } from "../../server/src/pipeline/summary/owners";
import { dice } from "./match";
import { MATCH_DICE, sharesObject } from "./real-actions";
import { loadRealMeetings, type RealMeeting } from "./real-meetings";

export const MIN_FEATURE_COUNT = 15;
/**
 * The bars. The setting chosen is the one furthest above both in cross-validation (the larger
 * min(P / 0.4, R / 0.3)): recall bought with precision, or the reverse, would leave one bar at the edge.
 */
export const BARS = { precision: 0.4, recall: 0.3 };
export const FOLDS = 5;
/** Learn from matches that share an object word, not the verb alone ("Work from the sun" is no prototype). */
const STRICT_LABELS = !process.argv.includes("--lenient-labels");
export const ACTION_WEIGHTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../server/src/pipeline/summary/weights/actions.json",
);

export interface Prepared {
  meeting: RealMeeting;
  rules: ActionItemDraft[];
  cands: Candidate[];
  all: Candidate[];
  labels: number[];
}

/** The train meetings with annotated action items, each with its candidates and their labels. */
export function prepareActions(meetings = loadRealMeetings("train").filter((m) => m.actionItems)): Prepared[] {
  return meetings.map((m) => {
    const ctx = makeContext(m.utterances);
    const cands = actionCandidates(m.utterances, ctx);
    const refs = m.actionItems ?? [];
    const rules = extractActionItems(m.utterances, m.meetingDate, false);
    // The model learns from the clauses and from the rules' items (which it gates in long meetings).
    const all = [...cands, ...ruleCandidates(rules, m.utterances)];
    return {
      meeting: m,
      rules,
      cands,
      all,
      labels: all.map((c) => +refs.some((r) => dice(c.task, r.task) >= MATCH_DICE && (!STRICT_LABELS || sharesObject(c.task, r.task)))),
    };
  });
}

export function train(data: Prepared[], l2: number): Record<string, number> {
  const counts = new Map<string, number>();
  for (const p of data) for (const c of p.all) for (const k of Object.keys(c.features)) counts.set(k, (counts.get(k) ?? 0) + 1);
  const keep = (k: string) => (counts.get(k) ?? 0) >= MIN_FEATURE_COUNT;
  const xs = data.flatMap((p) => p.all.map((c) => Object.entries(c.features).filter(([k]) => keep(k))));
  const ys = data.flatMap((p) => p.labels);
  const w: Record<string, number> = {};
  const g2: Record<string, number> = {};
  for (let epoch = 0; epoch < 400; epoch++) {
    const grad: Record<string, number> = {};
    xs.forEach((x, i) => {
      let z = 0;
      for (const [k, v] of x) z += (w[k] ?? 0) * v;
      const err = 1 / (1 + Math.exp(-z)) - (ys[i] ?? 0);
      for (const [k, v] of x) grad[k] = (grad[k] ?? 0) + err * v;
    });
    for (const [k, sum] of Object.entries(grad)) {
      const g = sum / xs.length + (k === "bias" ? 0 : l2 * (w[k] ?? 0));
      const squares = (g2[k] ?? 0) + g * g;
      g2[k] = squares;
      w[k] = (w[k] ?? 0) - (0.5 * g) / Math.sqrt(squares + 1e-8);
    }
  }
  return w;
}

/** Weights rounded to 4 places, small ones dropped, in name order: what the weights file holds. */
export function roundWeights(weights: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(weights)
      .filter(([, v]) => Math.abs(v) >= 1e-4)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, Math.round(v * 1e4) / 1e4]),
  );
}

/** The meetings the fast reproduction check trains on (bench/train-weights.test.ts): every fourth, in corpus order. */
export const inCheckSubset = (_: unknown, i: number) => i % 4 === 0;

/** A short fingerprint of rounded weights: the check compares it rather than storing a second set of weights. */
export function weightsDigest(weights: unknown): string {
  return createHash("sha256").update(JSON.stringify(weights)).digest("hex").slice(0, 16);
}

/** What the reproduction check compares: the training input's fingerprint and the subset fit's. */
export interface TrainingCheck {
  input: string;
  subset: string;
}

/** The fingerprint of the whole training input: every candidate's features and label, meeting by meeting. */
export function actionInputDigest(prepared: Prepared[]): string {
  return weightsDigest(prepared.map((p) => [p.meeting.id, p.all.map((c) => c.features), p.labels]));
}

/** Both fingerprints from the prepared train meetings, at the L2 the weights were fitted with. */
export function actionCheck(prepared: Prepared[], l2: number): TrainingCheck {
  return { input: actionInputDigest(prepared), subset: weightsDigest(roundWeights(train(prepared.filter(inCheckSubset), l2))) };
}

export interface ActionModelFile {
  threshold: number;
  ruleThreshold: number;
  perThousandWords: number;
  floor: number;
  /** The L2 the weights were fitted with (chosen by cross-validation). */
  l2: number;
  weights: Record<string, number>;
}

/** The weights file's text: the model and the cross-validated figures it was chosen by. */
export function actionWeightsJson(model: ActionModelFile, cv: { precision: number; recall: number }, check: TrainingCheck): string {
  return `${JSON.stringify({
    writtenBy: "bench/train-action-model.ts (npm run train:actions); do not edit by hand",
    trainedOn: "AMI meetings of the real-meetings train split",
    crossValidated: { precision: Math.round(cv.precision * 1e4) / 1e4, recall: Math.round(cv.recall * 1e4) / 1e4 },
    model,
    check: { input: check.input, subset: "every fourth AMI train meeting, fitted at the same L2", digest: check.subset },
  })}\n`;
}
