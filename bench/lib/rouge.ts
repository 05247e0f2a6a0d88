// ROUGE-1, ROUGE-2 and ROUGE-L F1 (Lin 2004), with rouge-score's conventions: lowercase, every run of
// characters other than a-z and 0-9 splits tokens, Porter stemming of tokens longer than three letters.
// ROUGE-L is the longest common subsequence of the two texts as single token sequences (rouge-score's
// "rougeL"); ROUGE-Lsum (summary-level, one LCS union per reference line) is given beside it.
import { porterStem } from "./porter";

export interface RougeScores {
  rouge1: number;
  rouge2: number;
  rougeL: number;
  rougeLsum: number;
}

const stemCache = new Map<string, string>();
const stem = (t: string) => {
  let s = stemCache.get(t);
  if (s === undefined) stemCache.set(t, (s = t.length > 3 ? porterStem(t) : t));
  return s;
};

export function tokenize(text: string, stemming = true): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  return stemming ? tokens.map(stem) : tokens;
}

function f1(overlap: number, candidate: number, reference: number): number {
  if (!overlap || !candidate || !reference) return 0;
  const p = overlap / candidate;
  const r = overlap / reference;
  return (2 * p * r) / (p + r);
}

function ngrams(tokens: string[], n: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const g = tokens.slice(i, i + n).join(" ");
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** ROUGE-N F1 of token lists (clipped n-gram counts). */
export function rougeN(candidate: string[], reference: string[], n: number): number {
  const c = ngrams(candidate, n);
  const r = ngrams(reference, n);
  let overlap = 0;
  for (const [g, k] of c) overlap += Math.min(k, r.get(g) ?? 0);
  return f1(overlap, Math.max(0, candidate.length - n + 1), Math.max(0, reference.length - n + 1));
}

/** The LCS table's last row length: the length of the longest common subsequence. */
function lcsLength(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    // The ! here and in lcsIndices: every index is within the table, b.length + 1 cells a row.
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    prev = cur;
  }
  return prev[b.length]!;
}

/** Indices of `a` on one longest common subsequence with `b`. */
function lcsIndices(a: string[], b: string[]): number[] {
  const t: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) t[i]![j] = a[i - 1] === b[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
  const out: number[] = [];
  for (let i = a.length, j = b.length; i > 0 && j > 0;) {
    if (a[i - 1] === b[j - 1]) {
      out.push(i - 1);
      i--;
      j--;
    } else if (t[i - 1]![j]! >= t[i]![j - 1]!) i--;
    else j--;
  }
  return out.reverse();
}

export function rougeL(candidate: string[], reference: string[]): number {
  return f1(lcsLength(candidate, reference), candidate.length, reference.length);
}

/** Summary-level ROUGE-L: for each reference line, the union of its LCS with every candidate line (clipped counts). */
export function rougeLsum(candidateLines: string[][], referenceLines: string[][]): number {
  const cCount = new Map<string, number>();
  const rCount = new Map<string, number>();
  for (const l of candidateLines) for (const t of l) cCount.set(t, (cCount.get(t) ?? 0) + 1);
  for (const l of referenceLines) for (const t of l) rCount.set(t, (rCount.get(t) ?? 0) + 1);
  let hits = 0;
  for (const ref of referenceLines) {
    const union = new Set<number>();
    for (const cand of candidateLines) for (const i of lcsIndices(ref, cand)) union.add(i);
    for (const i of [...union].sort((x, y) => x - y)) {
      const t = ref[i];
      if (t === undefined) continue;
      if ((cCount.get(t) ?? 0) > 0 && (rCount.get(t) ?? 0) > 0) {
        hits++;
        cCount.set(t, cCount.get(t)! - 1);
        rCount.set(t, rCount.get(t)! - 1);
      }
    }
  }
  const c = candidateLines.reduce((n, l) => n + l.length, 0);
  const r = referenceLines.reduce((n, l) => n + l.length, 0);
  return f1(hits, c, r);
}

/** Sentences as lines, for ROUGE-Lsum. */
const lines = (text: string) =>
  text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((l) => tokenize(l))
    .filter((l) => l.length);

/** All four F1 scores, 0–100. */
export function rouge(candidate: string, reference: string): RougeScores {
  const c = tokenize(candidate);
  const r = tokenize(reference);
  return {
    rouge1: 100 * rougeN(c, r, 1),
    rouge2: 100 * rougeN(c, r, 2),
    rougeL: 100 * rougeL(c, r),
    rougeLsum: 100 * rougeLsum(lines(candidate), lines(reference)),
  };
}
