// Gradient-boosted trees for a binary label (docs/decisions/057): the fit, training only. The engine reads a fitted
// ensemble with bench/lib/boosted-trees-eval.ts. Logistic loss, second-order (Newton) leaves with L2
// `lambda`, depth-limited trees grown by exact gain over binned feature values, shrinkage, row and feature
// subsampling per tree from a seeded generator: the same rows, labels and settings always give the same ensemble.
// Rows are the engines' sparse feature maps (absent = 0): a node's histogram is built from the rows' non-zero
// entries only and the zero bin is what is left of the node's totals, so thousands of n-gram features cost what
// the rows hold, not rows × features.
import type { TreeEnsemble, TreeNode } from "./boosted-trees-eval";

export interface BoostSettings {
  trees: number;
  depth: number;
  learningRate: number;
  /** Rows (not weight) each leaf must hold at least. */
  minLeaf: number;
  /** L2 on leaf values (the Newton step's denominator). */
  lambda: number;
  /** Share of the rows each tree sees (1: all). */
  rowSample: number;
  /** Share of the features each tree may split on (1: all). */
  featureSample: number;
  seed: number;
  /** At most this many value bins per feature (most features are 0/1 indicators: two). */
  maxBins?: number;
}

/** A small deterministic generator (mulberry32): the subsamples must not depend on Math.random. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Binned {
  names: string[];
  /** Per feature, the thresholds between its bins, ascending: a value v is in bin (number of cuts ≤ v). */
  cuts: number[][];
  /** Per feature, the first slot of its bins in a flat histogram. */
  offset: Int32Array;
  zeroBin: Int32Array;
  totalBins: number;
  /** The rows' non-zero entries (CSR, features ascending within a row). */
  rowStart: Int32Array;
  feat: Int32Array;
  bin: Int32Array;
}

const binOf = (cuts: number[], v: number) => {
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

function binRows(rows: readonly Readonly<Record<string, number>>[], maxBins: number): Binned {
  const values = new Map<string, Set<number>>();
  for (const r of rows)
    for (const k in r) {
      const v = r[k] ?? 0;
      if (v === 0 || !Number.isFinite(v)) continue;
      let s = values.get(k);
      if (!s) values.set(k, (s = new Set()));
      s.add(v);
    }
  const names = [...values.keys()].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const cuts = names.map((n) => {
    const vs = [...values.get(n)!, 0].sort((a, b) => a - b);
    // Too many distinct values: cut between evenly spaced ones (by rank among the distinct values).
    const picks =
      vs.length <= maxBins ? vs.map((_, i) => i) : Array.from({ length: maxBins }, (_, i) => Math.floor((i * vs.length) / maxBins));
    return picks.slice(1).map((i) => (vs[i - 1]! + vs[i]!) / 2);
  });
  const offset = new Int32Array(names.length);
  let totalBins = 0;
  cuts.forEach((c, f) => {
    offset[f] = totalBins;
    totalBins += c.length + 1;
  });
  const zeroBin = Int32Array.from(cuts, (c) => binOf(c, 0));
  const rowStart = new Int32Array(rows.length + 1);
  const feat: number[] = [];
  const bin: number[] = [];
  rows.forEach((r, i) => {
    const entries = Object.keys(r)
      .filter((k) => index.has(k) && (r[k] ?? 0) !== 0 && Number.isFinite(r[k]))
      .map((k) => index.get(k)!)
      .sort((a, b) => a - b);
    for (const f of entries) {
      feat.push(f);
      bin.push(binOf(cuts[f]!, r[names[f]!]!));
    }
    rowStart[i + 1] = feat.length;
  });
  return { names, cuts, offset, zeroBin, totalBins, rowStart, feat: Int32Array.from(feat), bin: Int32Array.from(bin) };
}

/** A row's bin for one feature (its zero bin when the row has no entry). */
function rowBin(b: Binned, row: number, f: number): number {
  let lo = b.rowStart[row]!;
  let hi = b.rowStart[row + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const g = b.feat[mid]!;
    if (g === f) return b.bin[mid]!;
    if (g < f) lo = mid + 1;
    else hi = mid;
  }
  return b.zeroBin[f]!;
}

/** A split or leaf as the fit holds it: features by index into Binned, the cut by its bin. */
type FitNode = { f: number; cut: number; l: number; r: number } | { v: number };

/**
 * Fits an ensemble. `weights` (default 1) multiply each row's gradient and curvature (a positive weight of 2 counts
 * a positive twice). `init`, when given, is each row's starting log-odds (another model's, so that the trees fit
 * what it leaves; the ensemble's base is then 0 and its score is added to that model's). Returns the engine's JSON
 * shape, keeping only the features some node splits on.
 */
export function fitEnsemble(
  rows: readonly Readonly<Record<string, number>>[],
  labels: readonly number[],
  s: BoostSettings,
  weights?: readonly number[],
  init?: readonly number[],
): TreeEnsemble {
  if (init && init.length !== rows.length) throw new Error("fitEnsemble: init and rows differ in length");
  if (rows.length !== labels.length) throw new Error("fitEnsemble: rows and labels differ in length");
  const n = rows.length;
  const b = binRows(rows, s.maxBins ?? 32);
  const w = Float64Array.from({ length: n }, (_, i) => weights?.[i] ?? 1);
  const y = Float64Array.from(labels, (v) => (v > 0 ? 1 : 0));
  let pos = 0;
  let all = 0;
  for (let i = 0; i < n; i++) {
    pos += w[i]! * y[i]!;
    all += w[i]!;
  }
  const rate = Math.min(1 - 1e-6, Math.max(1e-6, all ? pos / all : 0.5));
  const base = init ? 0 : Math.log(rate / (1 - rate));
  const score = init ? Float64Array.from(init) : new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const histG = new Float64Array(b.totalBins);
  const histH = new Float64Array(b.totalBins);
  const histN = new Int32Array(b.totalBins);
  const random = seededRandom(s.seed);
  const trees: FitNode[][] = [];
  const F = b.names.length;
  const allowed = new Uint8Array(F);
  const mark = new Uint8Array(F);
  const leafOf = new Int32Array(n);

  for (let t = 0; t < s.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]!));
      g[i] = w[i]! * (p - y[i]!);
      h[i] = w[i]! * Math.max(p * (1 - p), 1e-12);
    }
    const sample: number[] = [];
    for (let i = 0; i < n; i++) if (s.rowSample >= 1 || random() < s.rowSample) sample.push(i);
    for (let f = 0; f < F; f++) allowed[f] = s.featureSample >= 1 || random() < s.featureSample ? 1 : 0;
    leafOf.fill(-1);
    const nodes: FitNode[] = [];

    const grow = (idx: number[], depth: number): number => {
      let G = 0;
      let H = 0;
      for (const i of idx) {
        G += g[i]!;
        H += h[i]!;
      }
      const at = nodes.length;
      nodes.push({ v: (-s.learningRate * G) / (H + s.lambda) });
      if (depth >= s.depth || idx.length < 2 * s.minLeaf) {
        for (const i of idx) leafOf[i] = at;
        return at;
      }
      // Histograms of the node's non-zero entries, feature by feature; the zero bin is the rest.
      const touched: number[] = [];
      for (const i of idx)
        for (let e = b.rowStart[i]!; e < b.rowStart[i + 1]!; e++) {
          const f = b.feat[e]!;
          if (!allowed[f]) continue;
          if (!mark[f]) {
            mark[f] = 1;
            touched.push(f);
          }
          const k = b.offset[f]! + b.bin[e]!;
          histG[k] = histG[k]! + g[i]!;
          histH[k] = histH[k]! + h[i]!;
          histN[k] = histN[k]! + 1;
        }
      const parent = (G * G) / (H + s.lambda);
      let best = { gain: 1e-9, f: -1, cut: -1 };
      touched.sort((a, c) => a - c);
      for (const f of touched) {
        const o = b.offset[f]!;
        const z = o + b.zeroBin[f]!;
        // The zero bin: the node's rows without an entry for the feature.
        let sg = 0;
        let sh = 0;
        let sn = 0;
        for (let j = o; j < o + b.cuts[f]!.length + 1; j++) {
          sg += histG[j]!;
          sh += histH[j]!;
          sn += histN[j]!;
        }
        histG[z] = histG[z]! + G - sg;
        histH[z] = histH[z]! + H - sh;
        histN[z] = histN[z]! + idx.length - sn;
        const nb = b.cuts[f]!.length + 1;
        let gl = 0;
        let hl = 0;
        let nl = 0;
        for (let j = 0; j < nb - 1; j++) {
          gl += histG[o + j]!;
          hl += histH[o + j]!;
          nl += histN[o + j]!;
          const nr = idx.length - nl;
          if (nl < s.minLeaf || nr < s.minLeaf) continue;
          const gr = G - gl;
          const hr = H - hl;
          const gain = (gl * gl) / (hl + s.lambda) + (gr * gr) / (hr + s.lambda) - parent;
          if (gain > best.gain) best = { gain, f, cut: j };
        }
      }
      for (const f of touched) {
        mark[f] = 0;
        const o = b.offset[f]!;
        const nb = b.cuts[f]!.length + 1;
        histG.fill(0, o, o + nb);
        histH.fill(0, o, o + nb);
        histN.fill(0, o, o + nb);
      }
      if (best.f < 0) {
        for (const i of idx) leafOf[i] = at;
        return at;
      }
      const left: number[] = [];
      const right: number[] = [];
      for (const i of idx) (rowBin(b, i, best.f) <= best.cut ? left : right).push(i);
      const l = grow(left, depth + 1);
      const r = grow(right, depth + 1);
      nodes[at] = { f: best.f, cut: best.cut, l, r };
      return at;
    };
    grow(sample, 0);
    for (let i = 0; i < n; i++) {
      let k = leafOf[i]!;
      if (k < 0) {
        k = 0;
        for (let node = nodes[0]!; !("v" in node); node = nodes[k]!) k = rowBin(b, i, node.f) <= node.cut ? node.l : node.r;
      }
      score[i] = score[i]! + (nodes[k] as { v: number }).v;
    }
    trees.push(nodes);
  }
  return toEnsemble(b, base, trees);
}

/** The engine's shape: only the features split on, thresholds as values, leaves to six places. */
function toEnsemble(b: Binned, base: number, trees: FitNode[][]): TreeEnsemble {
  const used = [...new Set(trees.flatMap((t) => t.flatMap((x) => ("f" in x ? [x.f] : []))))].sort((a, c) => a - c);
  const at = new Map(used.map((f, i) => [f, i]));
  const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    features: used.map((f) => b.names[f]!),
    base: r6(base),
    trees: trees.map((t) =>
      t.map((x): TreeNode => ("v" in x ? { v: r6(x.v) } : { f: at.get(x.f)!, t: b.cuts[x.f]![x.cut]!, l: x.l, r: x.r })),
    ),
  };
}
