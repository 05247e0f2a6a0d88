// Word-vector features for the decision classifier, an experiment behind `train:decisions --vectors=…`
// (docs/decisions/055). Each group is dense: the mean GloVe 100-d vector (bench/lib/word-vectors.ts) of some words
// around a candidate sentence, or a cosine between two such means. A word no training meeting says still carries
// its neighbours' meaning, which the n-grams cannot. The fit (`fitDense`) is the same full-batch AdaGrad logistic
// regression as action-training's `train`, on indexed arrays (dense rows would make its string maps slow), with its
// own L2 for the dense block and the dense columns standardised on the training rows (folded back into the
// weights, so that the probability reads raw means).
import { nameWords, normalisedTokens, vectorTokens } from "../../server/src/pipeline/summary/decision-model";
import type { Sentence } from "../../server/src/pipeline/summary/key-points";
import { TOPIC_STOP_WORDS } from "../../server/src/pipeline/summary/words";
import { MIN_FEATURE_COUNT } from "./action-training";
import { DIMENSIONS, loadWordVectors, vectorOf, type WordVectors } from "./word-vectors";

/**
 * The groups: s the sentence; turn the rest of its turn; prev the turn before; next the next three turns (agreement,
 * objection, a vote, "so that's decided"); dev the sentence relative to the meeting's mean (substance vs
 * housekeeping); words as all, foldable into one number per word (the sum over the words of a vocabulary, divided by
 * all its words: a word outside it counts as a zero vector, as a word the engine's table lacks would); all the sentence with its stop words ("we", "will", "no", "let's": what its n-grams read); cos the cosines sentence–next three turns (a restatement), sentence–meeting, sentence–closing part.
 */
export const VECTOR_GROUPS = ["s", "all", "words", "turn", "prev", "next", "dev", "cos"] as const;
export type VectorGroup = (typeof VECTOR_GROUPS)[number];
const SIZE: Record<VectorGroup, number> = {
  s: DIMENSIONS,
  all: DIMENSIONS,
  words: DIMENSIONS,
  turn: DIMENSIONS,
  prev: DIMENSIONS,
  next: DIMENSIONS,
  dev: DIMENSIONS,
  cos: 3,
};
const NEXT_TURNS = 3;
const CLOSING = 0.85;

export function parseGroups(arg: string): VectorGroup[] {
  const gs = arg.split(",").filter(Boolean);
  for (const g of gs) if (!(VECTOR_GROUPS as readonly string[]).includes(g)) throw new Error(`unknown vector group ${g}`);
  return gs as VectorGroup[];
}

export const denseSize = (groups: VectorGroup[]) => groups.reduce((n, g) => n + SIZE[g], 0);
/** The blocks `fitDense` projects: one per vector group, each cosine alone. */
export const blocksOf = (groups: VectorGroup[]) => groups.flatMap((g) => (g === "cos" ? [1, 1, 1] : [SIZE[g]]));

/** A sentence's content words as GloVe knows them: normalised tokens (names, numbers, dates out), no stop words. */
export function vectorWords(text: string, names: ReadonlySet<string>): string[] {
  return normalisedTokens(text, names).filter((w) => !w.startsWith("<") && w.length > 1 && !TOPIC_STOP_WORDS.has(w));
}

/** Every word of a sentence but names, numbers and dates: the engine's own reading (decision-model.ts). */
export const allWords = vectorTokens;

/** The vocabulary of the foldable words group: GloVe's `top` most frequent words and every word the meetings say. */
export function vocabularyOf(v: WordVectors, top: number, texts: { text: string; speakers: string[] }[]): Set<string> {
  const out = new Set(v.words.slice(0, top));
  for (const t of texts) for (const w of allWords(t.text, nameWords(t.speakers))) if (v.index.has(w)) out.add(w);
  return out;
}

/** Sum of the vectors of the words GloVe has (a hyphenated word: its parts), and how many were found. */
function sumOf(v: WordVectors, words: string[], splitHyphens = true): { sum: Float64Array; n: number } {
  const sum = new Float64Array(DIMENSIONS);
  let n = 0;
  const add = (w: string) => {
    const e = vectorOf(v, w);
    if (!e) return false;
    for (let d = 0; d < DIMENSIONS; d++) sum[d]! += e[d]!;
    n++;
    return true;
  };
  for (const w of words) if (!add(w) && splitHyphens && w.includes("-")) for (const part of w.split("-")) add(part);
  return { sum, n };
}

const meanOf = (parts: { sum: Float64Array; n: number }[]) => {
  const out = new Float64Array(DIMENSIONS);
  let n = 0;
  for (const p of parts) {
    n += p.n;
    for (let d = 0; d < DIMENSIONS; d++) out[d]! += p.sum[d]!;
  }
  if (n) for (let d = 0; d < DIMENSIONS; d++) out[d]! /= n;
  return { mean: out, n };
};

function cosine(a: Float64Array, b: Float64Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let d = 0; d < DIMENSIONS; d++) {
    ab += a[d]! * b[d]!;
    aa += a[d]! * a[d]!;
    bb += b[d]! * b[d]!;
  }
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}

/** The dense rows of the candidate sentences `index` (indices into `sentences`), the groups in the order given. */
export function vectorRows(
  sentences: Sentence[],
  speakers: string[],
  index: number[],
  groups: VectorGroup[],
  v = loadWordVectors(),
  /** Which words the turn groups read: content words, or all ("fine", "sure", "say it back" are stop words). */
  contextWords: "content" | "all" = "content",
  /** The words group reads only these (the engine's table: GloVe's most frequent words and the meetings' own). */
  vocabulary?: ReadonlySet<string>,
): Float32Array[] {
  const names = nameWords(speakers);
  const sums = sentences.map((s) => sumOf(v, vectorWords(s.text, names)));
  const context = contextWords === "all" ? sentences.map((s) => sumOf(v, allWords(s.text, names))) : sums;
  const turnOf = [...new Set(sentences.map((s) => s.turn))].sort((a, b) => a - b);
  const turnIndex = new Map(turnOf.map((t, i) => [t, i]));
  const byTurn: number[][] = turnOf.map(() => []);
  sentences.forEach((s, i) => byTurn[turnIndex.get(s.turn)!]!.push(i));
  const meeting = meanOf(sums).mean;
  const closeFrom = Math.floor(CLOSING * sentences.length);
  const closing = meanOf(sums.slice(closeFrom)).mean;
  const size = denseSize(groups);
  return index.map((i) => {
    const row = new Float32Array(size);
    const ti = turnIndex.get(sentences[i]!.turn)!;
    const own = meanOf([sums[i]!]).mean;
    const next = () => meanOf(byTurn.slice(ti + 1, ti + 1 + NEXT_TURNS).flatMap((t) => t.map((j) => context[j]!))).mean;
    let o = 0;
    const put = (x: Float64Array) => {
      row.set(x, o);
      o += x.length;
    };
    for (const g of groups) {
      if (g === "s") put(own);
      else if (g === "all") put(meanOf([sumOf(v, allWords(sentences[i]!.text, names))]).mean);
      else if (g === "words") {
        const ws = allWords(sentences[i]!.text, names);
        const { sum } = sumOf(v, vocabulary ? ws.filter((w) => vocabulary.has(w)) : ws, false);
        put(sum.map((x) => (ws.length ? x / ws.length : 0)));
      } else if (g === "turn") put(meanOf(byTurn[ti]!.filter((j) => j !== i).map((j) => context[j]!)).mean);
      else if (g === "prev") put(meanOf((byTurn[ti - 1] ?? []).map((j) => context[j]!)).mean);
      else if (g === "next") put(next());
      else if (g === "dev") put(own.map((x, d) => (sums[i]!.n ? x - meeting[d]! : 0)));
      else put(Float64Array.of(cosine(own, next()), cosine(own, meeting), i >= closeFrom ? 0 : cosine(own, closing)));
    }
    return row;
  });
}

export interface DenseSample {
  /** Sparse feature names (all with value 1, as sentenceFeatures writes them). */
  sparse: string[];
  dense: Float32Array | null;
  label: number;
}

/**
 * Logistic regression as action-training's `train` (400 epochs of full-batch AdaGrad, step 0.5, L2 on all but the
 * bias, sparse features kept when seen in MIN_FEATURE_COUNT samples), with L2 `denseL2` on the standardised dense
 * columns. Returns sparse weights by name and dense weights `vd:<j>` on the raw columns (standardisation folded
 * into them and the bias).
 */
export function fitDense(samples: DenseSample[], l2: number, denseL2: number, blocks?: number[], epochs = 400): Record<string, number> {
  if (blocks) return fitProjected(samples, l2, denseL2, blocks, epochs);
  const counts = new Map<string, number>();
  for (const s of samples) for (const k of s.sparse) counts.set(k, (counts.get(k) ?? 0) + 1);
  const names = [...counts].filter(([, c]) => c >= MIN_FEATURE_COUNT).map(([k]) => k);
  const id = new Map(names.map((k, i) => [k, i]));
  const xs = samples.map((s) => Int32Array.from(s.sparse.filter((k) => id.has(k)).map((k) => id.get(k)!)));
  const D = samples.find((s) => s.dense)?.dense?.length ?? 0;
  const N = samples.length;
  const mu = new Float64Array(D);
  const sd = new Float64Array(D);
  for (const s of samples) if (s.dense) for (let d = 0; d < D; d++) mu[d]! += s.dense[d]! / N;
  for (const s of samples) if (s.dense) for (let d = 0; d < D; d++) sd[d]! += (s.dense[d]! - mu[d]!) ** 2 / N;
  for (let d = 0; d < D; d++) sd[d] = Math.sqrt(sd[d]!) || 1;
  const X = new Float64Array(N * D);
  samples.forEach((s, i) => {
    if (s.dense) for (let d = 0; d < D; d++) X[i * D + d] = (s.dense[d]! - mu[d]!) / sd[d]!;
  });
  const bias = id.get("bias");
  const w = new Float64Array(names.length);
  const g2 = new Float64Array(names.length);
  const wd = new Float64Array(D);
  const g2d = new Float64Array(D);
  const grad = new Float64Array(names.length);
  const gradD = new Float64Array(D);
  for (let epoch = 0; epoch < epochs; epoch++) {
    grad.fill(0);
    gradD.fill(0);
    for (let i = 0; i < N; i++) {
      const x = xs[i]!;
      let z = 0;
      for (let j = 0; j < x.length; j++) z += w[x[j]!]!;
      const base = i * D;
      for (let d = 0; d < D; d++) z += wd[d]! * X[base + d]!;
      const err = 1 / (1 + Math.exp(-z)) - samples[i]!.label;
      for (let j = 0; j < x.length; j++) grad[x[j]!]! += err;
      for (let d = 0; d < D; d++) gradD[d]! += err * X[base + d]!;
    }
    for (let k = 0; k < names.length; k++) {
      const g = grad[k]! / N + (k === bias ? 0 : l2 * w[k]!);
      g2[k]! += g * g;
      w[k]! -= (0.5 * g) / Math.sqrt(g2[k]! + 1e-8);
    }
    for (let d = 0; d < D; d++) {
      const g = gradD[d]! / N + denseL2 * wd[d]!;
      g2d[d]! += g * g;
      wd[d]! -= (0.5 * g) / Math.sqrt(g2d[d]! + 1e-8);
    }
  }
  const out: Record<string, number> = Object.fromEntries(names.map((k, i) => [k, w[i]!]));
  // Back to raw columns: Σ wd (x − μ)/σ = Σ (wd/σ) x − Σ wd μ/σ.
  let shift = 0;
  for (let d = 0; d < D; d++) {
    out[`vd:${d}`] = wd[d]! / sd[d]!;
    shift += (wd[d]! * mu[d]!) / sd[d]!;
  }
  out["bias"] = (out["bias"] ?? 0) - shift;
  return out;
}

/**
 * The dense rows reduced to one column per block of more than one dimension: the standardised row's projection
 * on the difference of the positives' and the negatives' mean (one direction per group, from the training rows
 * only; a 100-d group fitted freely overfits 450 positives). The fitted weight of that column is spread back over
 * the raw dimensions, so the result reads raw rows like `fitDense`'s.
 */
function fitProjected(samples: DenseSample[], l2: number, denseL2: number, blocks: number[], epochs: number): Record<string, number> {
  const D = blocks.reduce((a, b) => a + b, 0);
  const N = samples.length;
  const mu = new Float64Array(D);
  const sd = new Float64Array(D);
  for (const s of samples) for (let d = 0; d < D; d++) mu[d]! += s.dense![d]! / N;
  for (const s of samples) for (let d = 0; d < D; d++) sd[d]! += (s.dense![d]! - mu[d]!) ** 2 / N;
  for (let d = 0; d < D; d++) sd[d] = Math.sqrt(sd[d]!) || 1;
  const dir = new Float64Array(D);
  const npos = samples.filter((s) => s.label === 1).length;
  for (const s of samples)
    for (let d = 0; d < D; d++) dir[d]! += ((s.dense![d]! - mu[d]!) / sd[d]!) * (s.label === 1 ? 1 / npos : -1 / (N - npos));
  // One block of one dimension stays as it is (a cosine).
  let o = 0;
  const cols: { from: number; size: number }[] = blocks.map((size) => {
    const c = { from: o, size };
    o += size;
    return c;
  });
  for (const c of cols) if (c.size === 1) dir[c.from] = 1;
  const reduced = samples.map((s) =>
    Float32Array.from(
      cols.map((c) => {
        let z = 0;
        for (let d = c.from; d < c.from + c.size; d++) z += (dir[d]! * (s.dense![d]! - mu[d]!)) / sd[d]!;
        return z;
      }),
    ),
  );
  const w = fitDense(
    samples.map((s, i) => ({ ...s, dense: reduced[i]! })),
    l2,
    denseL2,
    undefined,
    epochs,
  );
  // Back to raw dimensions: column c's weight × dir / sd per dimension; the centring goes to the bias.
  const out: Record<string, number> = Object.fromEntries(Object.entries(w).filter(([k]) => !k.startsWith("vd:")));
  let shift = 0;
  cols.forEach((c, j) => {
    const wc = w[`vd:${j}`] ?? 0;
    for (let d = c.from; d < c.from + c.size; d++) {
      out[`vd:${d}`] = (wc * dir[d]!) / sd[d]!;
      shift += (wc * dir[d]! * mu[d]!) / sd[d]!;
    }
  });
  out["bias"] = (out["bias"] ?? 0) - shift;
  return out;
}

/** The dense block's part of the score. */
export function denseScore(weights: Readonly<Record<string, number>>, row: Float32Array | undefined): number {
  if (!row) return 0;
  let z = 0;
  for (let d = 0; d < row.length; d++) z += (weights[`vd:${d}`] ?? 0) * row[d]!;
  return z;
}
