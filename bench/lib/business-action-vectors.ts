// Word-vector features for the short-meeting action-item scorer (decision 056). Each candidate's word groups
// (business-action-model.ts, vectorWords: its sentence, its task, the reply, the turn before) become the mean GloVe
// 100-d vector of their words, standardised; a logistic regression is fitted on those and on the sparse features of
// decision 044, with its own L2 for the dense groups (100 weights each would otherwise learn the training meetings'
// topics). Because the score is linear in each mean, a group's weights fold into one number per word
// (foldVectors), which is all the engine reads: the GloVe package stays a training-time devDependency.
import {
  VECTOR_GROUPS,
  type BusinessCandidate,
  type BusinessVectors,
  type VectorGroup,
} from "../../server/src/pipeline/summary/business-action-model";
import type { BusinessPrepared } from "./business-action-training";
import { LEXICAL, vocabulary } from "./business-action-training";
import { MIN_FEATURE_COUNT } from "./action-training";
import { DIMENSIONS, loadWordVectors, vectorOf, type WordVectors } from "./word-vectors";

/** The most frequent GloVe words (letters only) every table holds, beside every word of the training meetings. */
export const TOP_WORDS = 20_000;

export interface VecSettings {
  /** L2 of the sparse features (decision 044's). */
  l2: number;
  /** L2 of the word-vector weights. */
  l2v: number;
  /** The groups used. */
  groups: VectorGroup[];
  /** Whether decision 044's n-grams (w:, w2:, nx:) are used. */
  lexical: boolean;
  /** n-grams kept when seen in at least this many training meetings. */
  minMeetings: number;
}

export interface VecFit {
  settings: VecSettings;
  sparse: Record<string, number>;
  /** Per group: weights on the standardised mean, and the mean and deviation it was standardised with. */
  dense: Partial<Record<VectorGroup, { theta: number[]; mu: number[]; sigma: number[] }>>;
  /** The words that count (a word outside is skipped, as the engine's table skips it). */
  vocab: Set<string>;
}

let topWords: Set<string> | null = null;
function top(wv: WordVectors): Set<string> {
  topWords ??= new Set(wv.words.filter((w) => /^\p{L}+$/u.test(w)).slice(0, TOP_WORDS));
  return topWords;
}

/** The tables' vocabulary: the top GloVe words and every word (with a vector) of the training meetings' groups. */
export function vectorVocabulary(data: BusinessPrepared[], wv = loadWordVectors()): Set<string> {
  const out = new Set(top(wv));
  for (const p of data)
    for (const c of p.cands) for (const g of VECTOR_GROUPS) for (const w of c.words?.[g] ?? []) if (wv.index.has(w)) out.add(w);
  return out;
}

/** The mean vector of a group's words in the vocabulary, or null when none is. */
function meanOf(words: string[], vocab: Set<string>, wv: WordVectors): Float64Array | null {
  const m = new Float64Array(DIMENSIONS);
  let n = 0;
  for (const w of words) {
    if (!vocab.has(w)) continue;
    const v = vectorOf(wv, w);
    if (!v) continue;
    for (let d = 0; d < DIMENSIONS; d++) m[d]! += v[d]!;
    n++;
  }
  if (!n) return null;
  for (let d = 0; d < DIMENSIONS; d++) m[d]! /= n;
  return m;
}

/** The sparse features a fit uses: n-grams cut to the vocabulary (or none), each seen at least MIN_FEATURE_COUNT times. */
function sparseKeys(data: BusinessPrepared[], s: VecSettings): Set<string> {
  const vocab = s.lexical ? vocabulary(data, s.minMeetings) : new Set<string>();
  const counts = new Map<string, number>();
  for (const p of data)
    for (const c of p.cands)
      for (const k of Object.keys(c.features)) if (!LEXICAL.test(k) || vocab.has(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
  const keep = new Set([...counts].filter(([, n]) => n >= MIN_FEATURE_COUNT).map(([k]) => k));
  for (const g of s.groups) keep.add(`vempty:${g}`);
  return keep;
}

/** A candidate's rows: sparse (name, value) pairs and each group's mean (null: no word of the group). */
function rowOf(c: BusinessCandidate, s: VecSettings, vocab: Set<string>, wv: WordVectors) {
  const means = Object.fromEntries(s.groups.map((g) => [g, meanOf(c.words?.[g] ?? [], vocab, wv)])) as Record<
    VectorGroup,
    Float64Array | null
  >;
  const sparse = Object.entries(c.features);
  for (const g of s.groups) if (!means[g]) sparse.push([`vempty:${g}`, 1]);
  return { sparse, means };
}

/**
 * The fit: L2 logistic regression by AdaGrad, 400 full passes from zero (as action-training.ts's `train`: no random
 * start, so it is deterministic), the dense groups standardised on the training candidates.
 */
export function fitVec(data: BusinessPrepared[], s: VecSettings, wv = loadWordVectors()): VecFit {
  const vocab = vectorVocabulary(data, wv);
  const keys = [...sparseKeys(data, s)].sort();
  const index = new Map(keys.map((k, i) => [k, i]));
  const G = s.groups.length;
  const nSparse = keys.length;
  const rows = data.flatMap((p) => p.cands.map((c) => rowOf(c, s, vocab, wv)));
  const ys = data.flatMap((p) => p.labels);
  // Standardise each group's dimensions over the candidates that have the group.
  const stats = s.groups.map((g) => {
    const mu = new Float64Array(DIMENSIONS);
    const sq = new Float64Array(DIMENSIONS);
    let n = 0;
    for (const r of rows) {
      const m = r.means[g];
      if (!m) continue;
      n++;
      for (let d = 0; d < DIMENSIONS; d++) {
        mu[d]! += m[d]!;
        sq[d]! += m[d]! * m[d]!;
      }
    }
    const sigma = new Float64Array(DIMENSIONS);
    for (let d = 0; d < DIMENSIONS; d++) {
      mu[d]! /= Math.max(1, n);
      sigma[d] = Math.sqrt(Math.max(1e-8, sq[d]! / Math.max(1, n) - mu[d]! * mu[d]!));
    }
    return { mu, sigma };
  });
  const X = rows.map((r) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (const [k, v] of r.sparse) {
      const i = index.get(k);
      if (i !== undefined) [idx.push(i), val.push(v)];
    }
    s.groups.forEach((g, gi) => {
      const m = r.means[g];
      if (!m) return;
      const { mu, sigma } = stats[gi]!;
      for (let d = 0; d < DIMENSIONS; d++) [idx.push(nSparse + gi * DIMENSIONS + d), val.push((m[d]! - mu[d]!) / sigma[d]!)];
    });
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  });
  const size = nSparse + G * DIMENSIONS;
  const w = new Float64Array(size);
  const g2 = new Float64Array(size);
  const grad = new Float64Array(size);
  const touched = new Uint8Array(size);
  for (const x of X) for (const i of x.idx) touched[i] = 1;
  const bias = index.get("bias");
  for (let epoch = 0; epoch < 400; epoch++) {
    grad.fill(0);
    X.forEach((x, r) => {
      let z = 0;
      for (let j = 0; j < x.idx.length; j++) z += w[x.idx[j]!]! * x.val[j]!;
      const err = 1 / (1 + Math.exp(-z)) - (ys[r] ?? 0);
      for (let j = 0; j < x.idx.length; j++) grad[x.idx[j]!]! += err * x.val[j]!;
    });
    for (let i = 0; i < size; i++) {
      if (!touched[i]) continue;
      const l2 = i === bias ? 0 : i < nSparse ? s.l2 : s.l2v;
      const g = grad[i]! / X.length + l2 * w[i]!;
      g2[i]! += g * g;
      w[i]! -= (0.5 * g) / Math.sqrt(g2[i]! + 1e-8);
    }
  }
  const sparse = Object.fromEntries(keys.map((k, i) => [k, w[i]!]).filter(([, v]) => v !== 0));
  const dense: VecFit["dense"] = {};
  s.groups.forEach((g, gi) => {
    dense[g] = {
      theta: [...w.subarray(nSparse + gi * DIMENSIONS, nSparse + (gi + 1) * DIMENSIONS)],
      mu: [...stats[gi]!.mu],
      sigma: [...stats[gi]!.sigma],
    };
  });
  return { settings: s, sparse, dense, vocab };
}

/** A candidate's probability under a fit, from the vectors themselves (cross-validation; the engine uses the tables). */
export function scoreVec(fit: VecFit, c: BusinessCandidate, wv = loadWordVectors()): number {
  const r = rowOf(c, fit.settings, fit.vocab, wv);
  let z = 0;
  for (const [k, v] of r.sparse) z += (fit.sparse[k] ?? 0) * v;
  for (const g of fit.settings.groups) {
    const m = r.means[g];
    const d = fit.dense[g];
    if (!m || !d) continue;
    for (let i = 0; i < DIMENSIONS; i++) z += (d.theta[i]! * (m[i]! - d.mu[i]!)) / d.sigma[i]!;
  }
  return 1 / (1 + Math.exp(-z));
}

/**
 * The tables the engine reads: per group, table[w] = Σ_d θ_d e_w,d / σ_d and offset = Σ_d θ_d μ_d / σ_d, so that
 * mean(table over the words) − offset is θ · (mean − μ) / σ. Rounded to `digits` places (the file's size).
 */
export function foldVectors(fit: VecFit, digits = 3, wv = loadWordVectors()): BusinessVectors {
  const words = [...fit.vocab].filter((w) => wv.index.has(w)).sort();
  const round = (x: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  const groups: BusinessVectors["groups"] = {};
  for (const g of fit.settings.groups) {
    const d = fit.dense[g];
    if (!d) continue;
    const a = d.theta.map((t, i) => t / d.sigma[i]!);
    groups[g] = {
      offset: round(a.reduce((sum, x, i) => sum + x * d.mu[i]!, 0)),
      // No word of the group: what the fit learnt for its absence.
      empty: round(fit.sparse[`vempty:${g}`] ?? 0),
      table: words.map((w) => {
        const v = vectorOf(wv, w)!;
        let z = 0;
        for (let i = 0; i < DIMENSIONS; i++) z += a[i]! * v[i]!;
        return round(z);
      }),
    };
  }
  return { words: words.join(" "), groups };
}
