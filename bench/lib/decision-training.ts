// The decision classifier's training pieces (docs/decisions/043; bench/train-decisions.ts runs them): the business
// development meetings (bench/business/<id>, never heldout/) as the engine reads them, every candidate sentence
// with its features and label, the fit (the action scorer's logistic regression, bench/lib/action-training.ts), and
// the decisions a model lists, scored as bench:notes scores them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Utterance } from "../../contract/transcript";
import { parseTranscriptFile } from "../../server/src/pipeline/import/parse-transcript";
import { type DecisionModel, decisionProbability, type Features, sentenceFeatures } from "../../server/src/pipeline/summary/decision-model";
import {
  combineDecisions,
  type DecisionCandidate,
  MAX_DECISIONS,
  ruleDecisionCandidates,
  ruleSignals,
  selectDecisions,
} from "../../server/src/pipeline/summary/decisions";
import type { Sentence } from "../../server/src/pipeline/summary/key-points";
import { meetingSentences } from "../../server/src/pipeline/summary/summary";
import { type Prepared as ActionPrepared, roundWeights, train, weightsDigest } from "./action-training";
import { denseScore, fitDense, type VectorGroup, vectorRows, vocabularyOf } from "./decision-vectors";
import { loadWordVectors, vectorOf } from "./word-vectors";
import { dice } from "./match";

const here = path.dirname(fileURLToPath(import.meta.url));
export const BUSINESS_DIR = path.resolve(here, "../business");
export const DECISION_WEIGHTS_FILE = path.resolve(here, "../../server/src/pipeline/summary/weights/decisions.json");
/** The bench's match (bench/notes.bench.ts): content-word Dice at least this. */
export const MATCH_DICE = 0.3;
const FAILED = /\b(?:fail(?:s|ed)?|defeated|rejected|not (?:carried|passed|approved|adopted)|voted down)\b/i;

export interface RefDecision {
  text: string;
  outcome: "made" | "failed";
}

export interface DevMeeting {
  id: string;
  /** Which round of written meetings: b01–b38 (the rules were tuned on them), b39–b45 (the unseen check), b61–b84. */
  split: string;
  sentences: Sentence[];
  speakers: string[];
  refs: RefDecision[];
}

export function splitOf(id: string): string {
  const n = Number(/^b(\d+)/.exec(id)?.[1] ?? 0);
  return n >= 61 ? "b61 on" : n >= 39 ? "b39–b45" : "b01–b38";
}

/**
 * The round of written meetings a development meeting belongs to, as train:decisions reports them: the meetings
 * tuned on (b01–b38, b61–b84, b129–b152) and the checks nobody tuned on (CHECK_SPLITS). Until decision 062 the
 * last two rounds were one "b85 on", which counted the tuned b129–b152 among the check meetings.
 */
export function roundOf(id: string): string {
  const n = Number(/^b(\d+)/.exec(id)?.[1] ?? 0);
  if (n >= 153) return "b153 on";
  if (n >= 129) return "b129–b152";
  if (n >= 85) return "b85–b108";
  if (n >= 61) return "b61–b84";
  return splitOf(id);
}
/** The check meetings: their text was not opened while rules or settings were chosen (only their totals are read). */
export const CHECK_SPLITS: readonly string[] = ["b39–b45", "b85–b108", "b153 on"];

/** Every business development meeting with a reference (never heldout/), read from its VTT like an import. */
export function loadDevMeetings(dir = BUSINESS_DIR, only?: string[]): DevMeeting[] {
  const ids =
    only ??
    readdirSync(dir).filter((d) => existsSync(path.join(dir, d, "reference.json")) && existsSync(path.join(dir, d, "transcript.vtt")));
  return ids
    .filter((d) => d !== "heldout")
    .sort()
    .map((d) => {
      const ref = JSON.parse(readFileSync(path.join(dir, d, "reference.json"), "utf8")) as { decisions: RefDecision[] };
      const utterances: Utterance[] = parseTranscriptFile(
        "transcript.vtt",
        readFileSync(path.join(dir, d, "transcript.vtt"), "utf8"),
      ).utterances;
      return {
        id: d,
        split: splitOf(d),
        sentences: meetingSentences(utterances),
        speakers: [...new Set(utterances.map((u) => u.speaker))],
        refs: ref.decisions,
      };
    });
}

export interface PreparedMeeting {
  meeting: DevMeeting;
  cands: DecisionCandidate[];
  /** Candidate sentences (index in meeting.sentences) with their features and labels, in meeting order. */
  index: number[];
  features: Features[];
  labels: number[];
  /** References some candidate sentence matches (the recall ceiling's numerator). */
  reachable: number;
  /** Word-vector rows per candidate (bench/lib/decision-vectors.ts; the `--vectors` experiment only). */
  dense?: Float32Array[];
}

const AMBIGUOUS = process.env.DEC_AMBIGUOUS ?? "out";

/** A reference decision labels the candidate sentence that matches it best (Dice ≥ MATCH_DICE), one per reference. */
export function prepareMeeting(m: DevMeeting): PreparedMeeting {
  const cands = ruleDecisionCandidates(m.sentences, m.speakers);
  const feats = sentenceFeatures(m.sentences, m.speakers, ruleSignals(cands, selectDecisions(cands, Infinity)));
  const index = [...feats.keys()].sort((a, b) => a - b);
  const positive = new Set<number>();
  const near = new Set<number>();
  let reachable = 0;
  for (const r of m.refs) {
    let best = -1;
    let bestDice = MATCH_DICE;
    for (const i of index) {
      const d = dice(m.sentences[i]!.text, r.text);
      if (d >= MATCH_DICE) near.add(i);
      if (d >= bestDice && (best < 0 || d > bestDice)) [best, bestDice] = [i, d];
    }
    if (best >= 0) {
      positive.add(best);
      reachable++;
    }
  }
  return {
    meeting: m,
    cands,
    index,
    features: index.map((i) => feats.get(i)!),
    // A sentence that also matches a reference, not best, says part of a decision: left out of the fit (-1).
    labels: index.map((i) => (positive.has(i) ? 1 : !near.has(i) || AMBIGUOUS === "keep" ? 0 : AMBIGUOUS === "pos" ? 1 : -1)),
    reachable,
  };
}

/** Lexical features (n-grams, the neighbouring turns' words) are kept when seen in at least `k` training meetings. */
const LEXICAL = /^(?:u|b|p|p2|n|n2|nl):/;

export interface FitSettings {
  k: number;
  l2: number;
  /** Each positive counts this many times (a whole number: the fit sees it repeated). */
  positiveWeight: number;
  /** The experiment of docs/decisions/055 only: L2 on the standardised word-vector columns (with `dense` rows). */
  denseL2?: number;
  /** The experiment only: fit one direction per block of the dense row (bench/lib/decision-vectors.ts). */
  blocks?: number[];
  /** Word-vector groups (bench/lib/decision-vectors.ts), with the words group's vocabulary: GloVe's most frequent. */
  vectors?: VectorGroup[];
  vocabulary?: number;
  /** The experiment only: leave the sentence's own n-grams (u:, b:) out. */
  noNgrams?: boolean;
}

/** The logistic regression (action-training's `train`) on the prepared meetings' candidates. */
export function fitWeights(data: PreparedMeeting[], s: FitSettings): Record<string, number> {
  const seen = new Map<string, number>();
  for (const p of data) {
    const inMeeting = new Set<string>();
    for (const f of p.features) for (const k in f) if (LEXICAL.test(k)) inMeeting.add(k);
    for (const k of inMeeting) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  // v: (a word's share) is weighted only through the word vectors, folded after the fit (foldVectors).
  const keep = (k: string) => (!LEXICAL.test(k) || (seen.get(k) ?? 0) >= s.k) && !(s.noNgrams && /^[ub]:/.test(k)) && !k.startsWith("v:");
  if (data.some((p) => p.dense)) {
    const samples = data.flatMap((p) =>
      p.features.flatMap((f, j) => {
        if (p.labels[j]! < 0) return [];
        const one = { sparse: Object.keys(f).filter(keep), dense: p.dense?.[j] ?? null, label: p.labels[j]! };
        return Array.from({ length: p.labels[j] ? s.positiveWeight : 1 }, () => one);
      }),
    );
    return roundWeights(fitDense(samples, s.l2, s.denseL2 ?? s.l2, s.blocks));
  }
  // `train` reads only each item's candidates' features and labels (bench/lib/action-training.ts).
  const items = data.map((p) => {
    const all: { features: Features }[] = [];
    const labels: number[] = [];
    p.features.forEach((f, j) => {
      if (p.labels[j]! < 0) return;
      const features = Object.fromEntries(Object.entries(f).filter(([k]) => keep(k)));
      const times = p.labels[j] ? s.positiveWeight : 1;
      for (let t = 0; t < times; t++) {
        all.push({ features });
        labels.push(p.labels[j]!);
      }
    });
    return { all, labels };
  });
  return roundWeights(train(items as unknown as ActionPrepared[], s.l2));
}

export interface Score {
  predicted: number;
  matched: number;
  references: number;
}
export const emptyScore = (): Score => ({ predicted: 0, matched: 0, references: 0 });
export const addScore = (a: Score, b: Score): Score => ({
  predicted: a.predicted + b.predicted,
  matched: a.matched + b.matched,
  references: a.references + b.references,
});
export const precision = (s: Score) => (s.predicted ? s.matched / s.predicted : 0);
export const recall = (s: Score) => (s.references ? s.matched / s.references : 0);

const who = (speaker: string) => speaker.replace(/\s*\(.*$/, "").trim();

/** bench:notes's decision score: greedy one-to-one pairs at Dice ≥ 0.3; a failed motion counts only when said failed. */
export function scoreLines(lines: string[], refs: RefDecision[]): Score {
  const c: { p: number; r: number; s: number }[] = [];
  lines.forEach((l, p) =>
    refs.forEach((ref, r) => {
      const s = dice(l, ref.text);
      if (s >= MATCH_DICE) c.push({ p, r, s });
    }),
  );
  c.sort((a, b) => b.s - a.s);
  const up = new Set<number>();
  const ur = new Set<number>();
  let matched = 0;
  for (const x of c) {
    if (up.has(x.p) || ur.has(x.r)) continue;
    up.add(x.p);
    ur.add(x.r);
    if (refs[x.r]!.outcome === "failed" && !FAILED.test(lines[x.p]!)) continue;
    matched++;
  }
  return { predicted: lines.length, matched, references: refs.length };
}

/** The decisions the engine lists for a meeting with this model (null: the rules alone), scored. */
export function scoreMeeting(p: PreparedMeeting, model: DecisionModel | null, known?: Map<number, number>): Score {
  const m = p.meeting;
  const out = model
    ? combineDecisions(m.sentences, m.speakers, p.cands, model, MAX_DECISIONS, known)
    : selectDecisions(p.cands, MAX_DECISIONS);
  return scoreLines(
    out.map((d) => (d.speaker.trim() ? `${d.text} (${who(d.speaker)})` : d.text)),
    m.refs,
  );
}

/** The classifier's probability per candidate sentence, from the prepared features (what the engine computes). */
export function probabilities(p: PreparedMeeting, weights: Readonly<Record<string, number>>): Map<number, number> {
  if (!p.dense) return new Map(p.index.map((i, j) => [i, decisionProbability(weights, p.features[j]!)]));
  return new Map(
    p.index.map((i, j) => {
      let z = denseScore(weights, p.dense![j]);
      for (const k in p.features[j]!) z += (weights[k] ?? 0) * p.features[j]![k]!;
      return [i, 1 / (1 + Math.exp(-z))];
    }),
  );
}

/** The meetings the fast reproduction check trains on: every fourth, in name order. */
export const inCheckSubset = (_: unknown, i: number) => i % 4 === 0;

/** The training input's fingerprint: every meeting's candidates' features and labels. */
export function decisionInputDigest(prepared: PreparedMeeting[]): string {
  return weightsDigest(prepared.map((p) => [p.meeting.id, p.features, p.labels]));
}

export function decisionCheck(prepared: PreparedMeeting[], s: FitSettings): { input: string; subset: string } {
  return { input: decisionInputDigest(prepared), subset: weightsDigest(fitWeights(prepared.filter(inCheckSubset), s)) };
}

/** The word-vector rows of the fit's groups on every prepared meeting (none without groups); the words group's vocabulary. */
export function attachVectors(
  prepared: PreparedMeeting[],
  s: FitSettings,
  contextWords: "content" | "all" = "content",
): Set<string> | undefined {
  if (!s.vectors?.length) return undefined;
  const v = loadWordVectors();
  const texts = prepared.flatMap((p) => p.meeting.sentences.map((x) => ({ text: x.text, speakers: p.meeting.speakers })));
  const vocabulary = s.vectors.includes("words") ? vocabularyOf(v, s.vocabulary ?? 30000, texts) : undefined;
  for (const p of prepared) p.dense = vectorRows(p.meeting.sentences, p.meeting.speakers, p.index, s.vectors, v, contextWords, vocabulary);
  return vocabulary;
}

/**
 * The engine's weights from a fit on the words group alone: each vocabulary word's vector dotted with the fitted
 * direction, as `v:<word>` (the engine's feature is the word's share of the sentence, so the score is the same
 * mean); words under 1e-4 are left out (they count as nothing either way).
 */
export function foldVectors(weights: Record<string, number>, s: FitSettings, vocabulary: ReadonlySet<string>): Record<string, number> {
  if (s.vectors?.join() !== "words") throw new Error("only the words group folds into per-word weights");
  const v = loadWordVectors();
  const out = Object.fromEntries(Object.entries(weights).filter(([k]) => !k.startsWith("vd:")));
  for (const w of vocabulary) {
    const e = vectorOf(v, w);
    if (!e) continue;
    let t = 0;
    for (let d = 0; d < e.length; d++) t += (weights[`vd:${d}`] ?? 0) * e[d]!;
    out[`v:${w}`] = t;
  }
  return roundWeights(out);
}
